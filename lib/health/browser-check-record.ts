// Where this browser keeps its own destination checks, per account: IndexedDB, as the click record
// (lib/stats/click-record-store.ts), apart from the links cache, read only by the Links section.
// One value per account: it is written once per "Check destinations", not at every read.
import { createStore, get, set } from 'idb-keyval';
import type { DestinationHealth } from '../api/link-health.ts';
import type { BrowserCheck } from './browser-checks.ts';

let store: ReturnType<typeof createStore> | undefined;
const checksStore = () => {
  store ??= createStore('shortlink-destination-checks', 'checks');
  return store;
};

const isCheck = (value: unknown): value is BrowserCheck =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BrowserCheck).destinationUrl === 'string' &&
  typeof (value as BrowserCheck).health === 'object';

/** The account's checks by short URL; none when there are none or they cannot be read. */
export async function readBrowserChecks(accountId: string): Promise<Map<string, BrowserCheck>> {
  try {
    const stored: unknown = await get(accountId, checksStore());
    if (typeof stored !== 'object' || stored === null) return new Map();
    return new Map(Object.entries(stored).filter(([, check]) => isCheck(check)));
  } catch {
    return new Map();
  }
}

export async function writeBrowserChecks(
  accountId: string,
  checks: ReadonlyMap<string, BrowserCheck>,
): Promise<void> {
  await set(accountId, Object.fromEntries(checks), checksStore());
}

/** What this browser found of a link's destination: only for the destination it has now. */
export function browserHealthOf(
  link: { shortUrl: string; destinationUrl: string },
  checks: ReadonlyMap<string, BrowserCheck> | undefined,
): DestinationHealth | undefined {
  const check = checks?.get(link.shortUrl);
  return check && check.destinationUrl === link.destinationUrl ? check.health : undefined;
}
