import { useEffect, useState } from 'react';
import { recentClicks } from '../../lib/stats/click-record.ts';
import { readLinkClickRecord } from '../../lib/stats/click-record-store.ts';

/**
 * A link's clicks of the last 7 days, from this browser's click record (filled by every read of
 * the account's list, whatever the service; see click-record.ts); undefined while the record has
 * not seen the link.
 */
export function useClicksLastWeek(accountId: string, shortUrl: string): number | undefined {
  const [clicks, setClicks] = useState<number>();
  useEffect(() => {
    let current = true;
    void readLinkClickRecord(accountId, shortUrl).then(
      (record) => {
        if (current && Object.hasOwn(record, shortUrl)) {
          setClicks(recentClicks(record, shortUrl, 7, Date.now()));
        }
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [accountId, shortUrl]);
  return clicks;
}
