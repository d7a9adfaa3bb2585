// What the storage keeps of an account's tags and the links that carry them (issue 36), and the
// bulk edit of links: the types and operations both engines implement (their tag-queries.ts).
import type { TagColor } from '../../contract/limits.ts';
import type { BulkOutcome } from '../../contract/tags.ts';

/** A tag a link or a request names: its name as given, and its key (contract/tag-fields.ts). */
export type TagName = { name: string; key: string };

export type TagRow = { id: number; name: string; color: TagColor };
/** A tag with how many links carry it. */
export type CountedTag = TagRow & { links: number };

/** Making a tag would take the account past MAX_TAGS_PER_ACCOUNT: nothing was changed. */
export class TagLimitReached extends Error {
  override name = 'TagLimitReached';
}

/** One link a bulk edit names: its domain key (storage.ts's DomainKey) and back-half. */
export type LinkKey = { domain: string; backHalf: string };

/** What a bulk edit does to each link (storage/bulk-plan.ts); absent fields change nothing. */
export type BulkEdit = {
  addTags: readonly TagName[];
  /** Keys of the tags to take off. */
  removeTags: readonly string[];
  expiresAt?: number | null;
  maxClicks?: number | null;
  /** Hosts as URL parsing writes them (lower case): a destination on `from` moves to `to`. */
  replaceHost?: { from: string; to: string };
};

export type BulkResult = {
  /** Whether the changes were made (all valid, or `partial`). */
  applied: boolean;
  /** One per link named, in that order. */
  links: { status: BulkOutcome; problem?: string }[];
  /** The links whose redirect changed (destination or end), for the redirect caches. */
  redirectsChanged: LinkKey[];
};

export type TagStorage = {
  /**
   * Changes many links of the account in one transaction (see BulkEdit): each is found, checked
   * and changed, or, when one is missing or invalid and not `partial`, none is. A link's changes
   * are announced to the other instances as updateLink's are.
   */
  bulkEdit(
    accountId: number,
    links: readonly LinkKey[],
    edit: BulkEdit,
    partial: boolean,
  ): Promise<BulkResult>;

  /** The account's tags by name, with their link counts. */
  tagsOf(accountId: number): Promise<CountedTag[]>;
  tagByKey(accountId: number, key: string): Promise<TagRow | undefined>;
  /** UniqueViolation when the account has a tag of that key; TagLimitReached when it is full. */
  createTag(accountId: number, tag: TagName & { color: TagColor }): Promise<TagRow>;
  /** UniqueViolation when another tag has the new key; undefined when there is no such tag. */
  updateTag(
    accountId: number,
    id: number,
    changes: { name?: TagName; color?: TagColor },
  ): Promise<TagRow | undefined>;
  /** Deletes the tag (its links stay, without it); returns whether there was one. */
  deleteTag(accountId: number, id: number): Promise<boolean>;
};
