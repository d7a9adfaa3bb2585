// The tags a person types for a link, checked by the contract's rules before anything is sent:
// each name 1 to 40 characters with no control characters, `,` or `|`, and at most 20 a link.
// Codes here; the words are the page's.
import { MAX_TAGS_PER_LINK, TAG_NAME_MAX_LENGTH } from '../../contract/limits.ts';
import { TagName, tagKey } from '../../contract/tag-fields.ts';

export type TagNameProblem = 'control' | 'tooLong' | 'separator' | 'tooMany';

/** Why a typed name cannot be a tag, by the contract's own schema; undefined when it can. */
export function tagNameProblem(name: string): Exclude<TagNameProblem, 'tooMany'> | undefined {
  const parsed = TagName.safeParse(name);
  if (parsed.success) return undefined;
  const text = name.trim();
  if (/[,|]/.test(text)) return 'separator';
  // Too long when its first characters would do; anything else refused is a character that does
  // not belong in a name.
  const cut = [...text].slice(0, TAG_NAME_MAX_LENGTH).join('');
  return cut !== text && TagName.safeParse(cut).success ? 'tooLong' : 'control';
}

/**
 * The tags with what was typed added (trimmed; a name already there, in any case, is not added
 * twice), or why it cannot be. An empty text adds nothing.
 */
export function withTagAdded(
  tags: readonly string[],
  typed: string,
): { tags: string[] } | { problem: TagNameProblem } {
  const name = typed.trim();
  if (name === '') return { tags: [...tags] };
  const problem = tagNameProblem(name);
  if (problem) return { problem };
  if (tags.some((tag) => tagKey(tag) === tagKey(name))) return { tags: [...tags] };
  if (tags.length >= MAX_TAGS_PER_LINK) return { problem: 'tooMany' };
  return { tags: [...tags, name] };
}
