import { useEffect, useMemo, useState } from 'react';
import type { Account } from '../../../lib/account/account.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { type ClickRecord, recentClicksOfList } from '../../../lib/stats/click-record.ts';
import { readClickRecord } from '../../../lib/stats/click-record-store.ts';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * Each link's clicks of the last 7 days, for the sort "Trending", from this browser's own click
 * record (click-record.ts) for every account, with or without statistics on the service: asking
 * the service's statistics is one request per link, 20,000 requests for a long list, while the
 * record is filled by every read of the list anyway. Read only while `wanted` (Trending chosen),
 * so opening the page never reads it; read again after each new read of the list (`fetchedAt`).
 * That read is shown before the record takes it in, so the gains of `links` over the record are
 * counted here too: without them Trending kept the order of the read before until re-chosen.
 */
export function useRecentClicks(
  account: Account,
  wanted: boolean,
  links: readonly Link[],
  fetchedAt: number | undefined,
): ReadonlyMap<string, number> {
  const [record, setRecord] = useState<ClickRecord | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new read of the list (fetchedAt) has written a new record.
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void readClickRecord(account.connection.id).then(
      (read) => {
        if (current) setRecord(read);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [account, wanted, fetchedAt]);
  return useMemo(
    () => (wanted && record ? recentClicksOfList(record, links, 7, Date.now()) : NONE),
    [wanted, record, links],
  );
}
