// The words of the link lists' copy buttons (lib/links/link-list-formats.ts). A module of its own,
// loaded with the lists ("Shorten all tabs", one link per channel), not with the popup's first script.
import type { MessageKey } from '../i18n/t.ts';
import type { ListFormat } from '../links/link-list-formats.ts';

/** The message of each list format's button. */
export const LIST_FORMAT_BUTTONS: Record<ListFormat, MessageKey> = {
  lines: 'listCopyLines',
  markdown: 'copyButtonMarkdown',
  csv: 'listCopyCsv',
};
