import { useEffect, useState } from 'react';
import type { Account } from '../../../lib/account/account.ts';
import { recentClicks } from '../../../lib/stats/click-record.ts';
import { readClickRecord } from '../../../lib/stats/click-record-store.ts';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * Each link's clicks of the last 7 days, for the sort "Trending", from this browser's own click
 * record (click-record.ts) for every account, with or without statistics on the service: asking
 * the service's statistics is one request per link, 20,000 requests for a long list, while the
 * record is filled by every read of the list anyway. Read only while `wanted` (Trending chosen),
 * so opening the page never reads it; read again after each new read of the list (`fetchedAt`).
 */
export function useRecentClicks(
  account: Account,
  wanted: boolean,
  fetchedAt: number | undefined,
): ReadonlyMap<string, number> {
  const [recent, setRecent] = useState(NONE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new read of the list (fetchedAt) has written a new record.
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void readClickRecord(account.connection.id).then(
      (record) => {
        if (!current) return;
        const now = Date.now();
        setRecent(
          new Map(Object.keys(record).map((url) => [url, recentClicks(record, url, 7, now)])),
        );
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [account, wanted, fetchedAt]);
  return recent;
}
