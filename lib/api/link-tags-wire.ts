// A link answer's `tags` (issue 36), read leniently and cheaply: it runs for every row of a list of
// 20,000. Lives here, not in lib/tags, because both link readers (schemas.ts) take it through
// link-extras.ts and lib/api imports only the contract. What a page may show of it is the tags
// room's business (lib/tags/link-tags.ts: only where the account's service offers `tags`).
import { TAG_COLORS, type TagColor } from '../../contract/limits.ts';

/** One tag on a link: its colour one of the palette's eight (an unknown one is shown gray). */
export type LinkTag = { readonly id?: number; readonly name: string; readonly color: TagColor };

const COLORS: ReadonlySet<string> = new Set(TAG_COLORS);
/** Shared by every link without tags. */
export const NO_TAGS: readonly LinkTag[] = Object.freeze([]);

/**
 * Equal tags are one object across rows: 20,000 links carrying a few of 50 tags hold 50 objects,
 * not 60,000. Bounded, since an account has at most 1,000 tags and a page may see several accounts.
 */
const byId = new Map<number, LinkTag>();
const byName = new Map<string, LinkTag>();
const MAX_SEEN = 5_000;

function shared(id: number | undefined, name: string, color: TagColor): LinkTag {
  // By id first, a number's lookup: a string key made for each of 40,000 tags cost more.
  const known = id === undefined ? byName.get(`${color}\u0000${name}`) : byId.get(id);
  if (known !== undefined && known.name === name && known.color === color) return known;
  if (byId.size + byName.size >= MAX_SEEN) {
    byId.clear();
    byName.clear();
  }
  const tag = Object.freeze(id === undefined ? { name, color } : { id, name, color });
  if (id === undefined) byName.set(`${color}\u0000${name}`, tag);
  else byId.set(id, tag);
  return tag;
}

/**
 * The tags of an answer's `tags` field: an entry without a name is left out, a colour outside the
 * palette is gray, an id that is not a number is dropped. Undefined when the field is not a list,
 * or a list of nothing readable as a tag (the answer says nothing of tags we understand).
 */
export function readLinkTags(value: unknown): readonly LinkTag[] | undefined {
  if (!Array.isArray(value)) return undefined;
  if (value.length === 0) return NO_TAGS;
  const tags: LinkTag[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, name, color } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '') continue;
    tags.push(
      shared(
        typeof id === 'number' && Number.isFinite(id) ? id : undefined,
        name,
        typeof color === 'string' && COLORS.has(color) ? (color as TagColor) : 'gray',
      ),
    );
  }
  return tags.length === 0 ? undefined : tags;
}
