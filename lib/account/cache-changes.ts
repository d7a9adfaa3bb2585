// Word that an account's links cache changed, for the other pages of the extension: the cache
// lives in IndexedDB, which tells no one, so each write leaves a small note in
// browser.storage.local, whose change event every extension page and the background hear. A page
// skips the notes of its own writes (it shows those already).
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';

const STORAGE_KEY = 'linksCacheChanged';

/** This page's writes, told apart from the others'. */
const WRITER = crypto.randomUUID();

const LinksCacheChanged = z.object({ accountId: z.string(), writer: z.string(), at: z.number() });

export async function announceLinksCacheChange(accountId: string): Promise<void> {
  const note: z.infer<typeof LinksCacheChanged> = { accountId, writer: WRITER, at: Date.now() };
  await browser.storage.local.set({ [STORAGE_KEY]: note });
}

/** Calls `onChange` when another page or the background changes this account's links cache. */
export function watchLinksCacheChangesElsewhere(
  accountId: string,
  onChange: () => void,
): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(STORAGE_KEY in changes)) return;
    const note = LinksCacheChanged.safeParse(changes[STORAGE_KEY]?.newValue);
    if (note.success && note.data.accountId === accountId && note.data.writer !== WRITER) {
      onChange();
    }
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
