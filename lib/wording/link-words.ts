// The words of a link's pure rules (lib/links/) that the popup's first script shows: why a page
// cannot be shortened, the default short domain as a choice, and the copy buttons.
import { type MessageKey, t } from '../i18n/t.ts';
import type { CopyFormat } from '../links/copy-formats.ts';
import { defaultDomainName } from '../links/short-link-of-account.ts';
import { whyUnshortenable } from '../links/unshortenable.ts';

/** Why a tab's address cannot be shortened, in a sentence, or undefined when it can. */
export function unshortenableReason(address: string | undefined): string | undefined {
  const reason = whyUnshortenable(address);
  switch (reason?.code) {
    case undefined:
      return undefined;
    case 'noAddress':
      return t('tabHasNoAddress');
    case 'notAnAddress':
      return t('tabHasNoWebAddress');
    case 'file':
      return t('filesCannotBeShortened');
    case 'browserPage':
      return t('browserPagesCannotBeShortened', reason.values.scheme);
  }
}

/** The service's default short domain as a choice, named by its host when it is known. */
export function defaultDomainLabel(defaultShortHost: string | undefined): string {
  const name = defaultDomainName(defaultShortHost);
  return name === undefined ? t('defaultShortDomain') : t('defaultShortDomainNamed', name);
}

/** The message of the result's button for each format. */
export const COPY_FORMAT_BUTTONS: Record<CopyFormat, MessageKey> = {
  link: 'copyButtonLink',
  markdown: 'copyButtonMarkdown',
  html: 'copyButtonHtml',
  'title-and-link': 'copyButtonTitleAndLink',
};
