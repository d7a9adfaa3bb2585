// "Check selected": the service checks each chosen link's destination now, on the one bulk pool
// (lib/bulk/pool.ts: a few at a time, a 429 waited out). A link checked less than a minute ago
// is refused with a 429 by our service: the pool waits it out like any other.

import type { DestinationStatus } from '../../contract/link-health.ts';
import type { Account } from '../account/account.ts';
import { runBulk } from '../bulk/pool.ts';
import { checkLinkNow } from './check-now.ts';

export type ChecksFound = {
  /** Links whose check answered. */
  checked: number;
  /** How many of them are in each state. */
  states: Record<DestinationStatus, number>;
  /** Links whose check failed, and the first failure (for its words). */
  failed: number;
  firstError?: unknown;
};

export async function checkLinks(
  account: Account,
  shortUrls: readonly string[],
  { signal }: { signal?: AbortSignal } = {},
): Promise<ChecksFound> {
  const found: ChecksFound = {
    checked: 0,
    states: { ok: 0, redirected: 0, broken: 0, unreachable: 0, unchecked: 0 },
    failed: 0,
  };
  const results = await runBulk(shortUrls, (shortUrl) => checkLinkNow(account, shortUrl), {
    signal,
  });
  for (const result of results) {
    if (!result) continue;
    if (result.ok) {
      const state = result.value.destinationStatus;
      found.checked++;
      if (state) found.states[state]++;
    } else {
      found.failed++;
      found.firstError ??= result.error;
    }
  }
  return found;
}
