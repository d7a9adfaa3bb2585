// The popup's "Tags" as typed: the names added as chips and the text still in the input. No zod
// here: the form holds these before the rest of the popup's code has arrived.

export type TagValues = { tags: string[]; draft: string };

export const NO_TAGS: TagValues = { tags: [], draft: '' };

/** What the field starts with: the account's last tags when the person keeps them. */
export const firstTags = (keepTags: boolean, lastTags: string[] | undefined): TagValues =>
  keepTags && lastTags ? { tags: [...lastTags], draft: '' } : NO_TAGS;
