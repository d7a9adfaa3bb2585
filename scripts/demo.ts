// The demo account `npm start` makes on first run: a paid plan, one custom domain, a few links.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { addDomain, createAccount, createKey } from '../server/accounts/admin.ts';
import type { Storage } from '../server/storage/storage.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_DOMAIN = 'go.localhost';

const DEMO_LINKS = [
  { backHalf: 'wxt', destinationUrl: 'https://wxt.dev/', title: 'WXT: web extension framework' },
  {
    backHalf: 'mdn-ext',
    destinationUrl: 'https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions',
    title: 'Browser extensions | MDN',
  },
  {
    backHalf: 'cws',
    destinationUrl: 'https://developer.chrome.com/docs/extensions',
    title: 'Chrome Extensions documentation',
  },
  {
    backHalf: 'hello',
    destinationUrl: 'https://example.com/',
    title: 'Example Domain',
    domain: DEMO_DOMAIN,
  },
];

export type DemoAccount = {
  apiKey: string;
  /** What happened: a new account, a new key for the existing one, or the saved key. */
  made: 'account' | 'key' | 'nothing';
};

/**
 * The demo account's key. Keys are stored only hashed, so the key is also kept in `keyFile`; when
 * that file is gone a new key is made for the existing account, and its links are kept.
 */
export async function ensureDemoAccount(
  store: Storage,
  keyFile: string,
  shortDomain: string,
): Promise<DemoAccount> {
  const saveKey = (apiKey: string) => writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
  if (await store.accountByEmail(DEMO_EMAIL)) {
    if (existsSync(keyFile)) {
      return { apiKey: readFileSync(keyFile, 'utf8').trim(), made: 'nothing' };
    }
    const apiKey = await createKey(store, DEMO_EMAIL);
    saveKey(apiKey);
    return { apiKey, made: 'key' };
  }
  const apiKey = await createAccount(store, DEMO_EMAIL, 'paid');
  await addDomain(store, DEMO_EMAIL, DEMO_DOMAIN, shortDomain);
  const account = await store.accountByEmail(DEMO_EMAIL);
  if (!account) throw new Error('The demo account was not created.');
  const now = Date.now();
  for (const [index, link] of DEMO_LINKS.entries()) {
    await store.insertLink(account.id, {
      domain: link.domain ?? '',
      backHalf: link.backHalf,
      destinationUrl: link.destinationUrl,
      title: link.title,
      // A few minutes apart, oldest first, so the list reads in a natural order.
      createdAt: now - (DEMO_LINKS.length - index) * 5 * 60_000,
    });
  }
  saveKey(apiKey);
  return { apiKey, made: 'account' };
}
