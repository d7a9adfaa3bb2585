// The popup's "Tags" as they will be sent, or what is wrong, by the contract's rules (in the chunk
// loaded once the form is drawn: the rules read the contract's schema).
import { withTagAdded } from '../../../lib/tags/tag-names.ts';
import { tagProblemText } from '../../../lib/tags/tag-words.ts';
import type { TagValues } from './tag-values.ts';

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
