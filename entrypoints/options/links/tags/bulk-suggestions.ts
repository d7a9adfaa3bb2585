// The tag names the bulk dialog suggests: the loaded links' tags to add, the selection's to take
// off. None while no dialog is open: the dialog stays in the page, and counting the tags of
// 20,000 links at each change of the list was work in the render that draws the first rows.
import type { Link } from '../../../../lib/api/schemas.ts';
import { type TagCount, tagsOfLinks } from '../../../../lib/tags/link-tags.ts';
import type { BulkKind } from './use-bulk-edit.ts';

const NONE: readonly TagCount[] = [];

export function bulkSuggestions(
  kind: BulkKind | undefined,
  all: readonly Link[],
  selected: ReadonlySet<string>,
): readonly TagCount[] {
  if (kind === 'add-tag') return tagsOfLinks(all);
  if (kind === 'remove-tag') return tagsOfLinks(all.filter((link) => selected.has(link.shortUrl)));
  return NONE;
}
