// The popup's "Tags" as they will be sent, or what is wrong, by the contract's rules (in the chunk
// loaded once the form is drawn: the rules read the contract's schema).
import { MAX_TAGS_PER_LINK, TAG_NAME_MAX_LENGTH } from '../../../contract/limits.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { t } from '../../../lib/i18n/t.ts';
import { type TagNameProblem, withTagAdded } from '../../../lib/tags/tag-names.ts';
import type { TagValues } from './tag-values.ts';

export function tagProblemText(problem: TagNameProblem): string {
  switch (problem) {
    case 'tooLong':
      return t('tagNameTooLong', formatNumber(TAG_NAME_MAX_LENGTH));
    case 'separator':
      return t('tagNameSeparator');
    case 'control':
      return t('tagNameControl');
    case 'tooMany':
      return t('tagsTooMany', formatNumber(MAX_TAGS_PER_LINK));
  }
}

/**
 * The tags to send (the text left in the input counts as one more), none when the service does
 * not offer them or none were given; or what is wrong.
 */
export function checkTags(
  values: TagValues,
  offered: boolean,
): { tags: string[] | undefined } | { error: string } {
  if (!offered) return { tags: undefined };
  const added = withTagAdded(values.tags, values.draft);
  if ('problem' in added) return { error: tagProblemText(added.problem) };
  return { tags: added.tags.length > 0 ? added.tags : undefined };
}
