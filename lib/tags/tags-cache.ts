// An account's tags as last read, in storage.local beside its domains (lib/account/cache.ts drops
// them with the account): the popup's suggestions are there at once, and read afresh behind.
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { TAG_COLORS } from '../../contract/limits.ts';
import type { Account } from '../account/account.ts';
import { tagsCacheKey } from '../account/cache.ts';
import type { CallOptions } from '../api/client.ts';
import { type AccountRef, connectionTag } from '../settings/connection.ts';
import { type AccountTag, listTags } from './tags-api.ts';

const TagsCache = z.object({
  connection: z.string(),
  fetchedAt: z.number(),
  tags: z.array(
    z.object({ id: z.number(), name: z.string(), color: z.enum(TAG_COLORS), links: z.number() }),
  ),
});

/** The account's tags as last read; none when never read, or read through another connection. */
export async function readCachedTags(account: AccountRef): Promise<AccountTag[] | undefined> {
  const key = tagsCacheKey(account.id);
  const parsed = TagsCache.safeParse((await browser.storage.local.get(key))[key]);
  if (!parsed.success || parsed.data.connection !== connectionTag(account)) return undefined;
  return parsed.data.tags;
}

export async function writeCachedTags(account: AccountRef, tags: AccountTag[]): Promise<void> {
  const cache = { connection: connectionTag(account), fetchedAt: Date.now(), tags };
  await browser.storage.local.set({ [tagsCacheKey(account.id)]: cache });
}

/** The service's tags of the account, stored for the next reader (a failed store is no failure). */
export async function refreshTags(account: Account, options: CallOptions = {}) {
  const tags = await listTags(await account.client(), options);
  await writeCachedTags(account.connection, tags).catch(() => {});
  return tags;
}
