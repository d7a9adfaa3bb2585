import { useEffect, useRef, useState } from 'react';
import type { Account } from '../../../../lib/account/account.ts';
import { offersHealth } from '../../../../lib/api/link-health.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import {
  readBrowserChecks,
  writeBrowserChecks,
} from '../../../../lib/health/browser-check-record.ts';
import { type BrowserCheck, checkAllInBrowser } from '../../../../lib/health/browser-checks.ts';

/** How often the rows are drawn again while checks come in. */
const SHOW_EVERY_MS = 250;

/**
 * This browser's own destination checks, for a service that does not check them (its contract
 * lacks destination_status): the record, read once, and `run`, which checks links and keeps what
 * it found. Inactive (no record) where the service checks, or while its offer is not known.
 */
export function useBrowserChecks(account: Account, offer: ServiceOffer | undefined) {
  const active = offer !== undefined && !offersHealth(offer);
  const accountId = account.connection.id;
  const [checks, setChecks] = useState<ReadonlyMap<string, BrowserCheck>>();
  const current = useRef<Map<string, BrowserCheck>>(new Map());
  useEffect(() => {
    if (!active) return;
    let live = true;
    void readBrowserChecks(accountId).then((read) => {
      if (!live) return;
      current.current = read;
      setChecks(new Map(read));
    });
    return () => {
      live = false;
    };
  }, [accountId, active]);

  return {
    active,
    checks: active ? checks : undefined,
    /** Checks the links' destinations; `onProgress` hears how many are done. */
    async run(links: readonly Link[], onProgress: (done: number) => void) {
      const record = current.current;
      const found: BrowserCheck[] = [];
      let shownAt = Date.now();
      await checkAllInBrowser(links, new Map(record), (shortUrl, check) => {
        record.set(shortUrl, check);
        found.push(check);
        onProgress(found.length);
        if (Date.now() - shownAt >= SHOW_EVERY_MS) {
          shownAt = Date.now();
          setChecks(new Map(record));
        }
      });
      setChecks(new Map(record));
      await writeBrowserChecks(accountId, record);
      return found;
    },
  };
}

export type BrowserChecks = ReturnType<typeof useBrowserChecks>;
