// An account's tags (issue 36) through the calls beyond the interface: `GET`/`POST /v1/tags`,
// `PATCH`/`DELETE /v1/tags/{id}`. Made only for a service whose contract offers them
// (`offersOperation(offer, 'listTags')`). The answers are read leniently: a colour outside the
// palette is shown as the palette's first, a count that is not one as none.
import * as z from 'zod/mini';
import { TAG_COLORS, type TagColor } from '../../contract/limits.ts';
import type { ApiClient, CallOptions } from '../api/client.ts';

/** The palette, in the order a picker offers it; the contract's, shared with the service. */
export const TAG_PALETTE: readonly TagColor[] = TAG_COLORS;
export type { TagColor };

const Color = z.catch(z.enum(TAG_COLORS), TAG_COLORS[0]);
const Count = z.catch(z.number().check(z.int(), z.nonnegative()), 0);

/** A tag of the account, with how many of its links carry it. */
const AccountTag = z.object({ id: z.number(), name: z.string(), color: Color, links: Count });
export type AccountTag = z.infer<typeof AccountTag>;

/** A tag list: rows that cannot be read are skipped rather than failing the list. */
const TagList = z.pipe(
  z.object({ tags: z.array(z.unknown()) }),
  z.transform(({ tags }) =>
    tags.flatMap((row) => {
      const parsed = AccountTag.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

/** A tag as create and update answer it (no count: a new tag has none, a changed one keeps it). */
const TagAnswer = z.object({ id: z.number(), name: z.string(), color: Color });
export type TagAnswer = z.infer<typeof TagAnswer>;

const Deleted = z.object({});

const TAGS = 'v1/tags';
const tagPath = (id: number) => `${TAGS}/${encodeURIComponent(String(id))}`;

type Caller = Pick<ApiClient, 'call'>;

/** The account's tags with their link counts, as the service orders them (by name). */
export const listTags = (api: Caller, { signal }: CallOptions = {}) =>
  api.call('get', TAGS, TagList, { signal });

/** A new tag; `tag_name_taken` or `tag_limit_reached` when it cannot be made. */
export const createTag = (
  api: Caller,
  tag: { name: string; color?: TagColor },
  { signal }: CallOptions = {},
) => api.call('post', TAGS, TagAnswer, { signal, json: tag });

/** Renames or recolours a tag; its links keep it. */
export const updateTag = (
  api: Caller,
  id: number,
  changes: { name?: string; color?: TagColor },
  { signal }: CallOptions = {},
) => api.call('patch', tagPath(id), TagAnswer, { signal, json: changes });

/** Deletes a tag: its links lose it and keep their other tags. */
export async function deleteTag(api: Caller, id: number, { signal }: CallOptions = {}) {
  await api.call('delete', tagPath(id), Deleted, { signal });
}
