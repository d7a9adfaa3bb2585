// An account's domains: the cached list shown at once, the service's asked for one request at a
// time, then stored. A refresh also reads what the service offers once that is a day old
// (account-offer.ts), without waiting for it.
import type { CallOptions } from '../api/client.ts';
import type { Domain } from '../api/schemas.ts';
import type { AccountRef } from '../settings/connection.ts';
import { OFFER_MAX_AGE_MS, type OfferUpkeep } from './account-offer.ts';
import {
  type AccountState,
  loadCachedThenFresh,
  oneAtATime,
  untilAborted,
} from './account-state.ts';
import { type Cached, readCachedDomains, writeCachedDomains } from './cache.ts';

export type LoadOptions<T> = {
  /** Where the cached list comes from; the popup reads the domains cache once for two uses. */
  readCache?: (connection: AccountRef) => Promise<Cached<T> | undefined>;
};

export type AccountDomains = {
  /** The domains cache of this account as stored. */
  cachedDomains(): Promise<Cached<Domain[]> | undefined>;
  /** The cached domains at once when none are shown yet, then the service's, then stored. */
  loadDomains(options?: LoadOptions<Domain[]>): Promise<Domain[] | undefined>;
  /** The service's domains, stored; a call while one runs shares its answer. */
  refreshDomains(options?: CallOptions): Promise<Domain[]>;
};

export function createAccountDomains(state: AccountState, offer: OfferUpkeep): AccountDomains {
  const { connection, set } = state;

  const refresh = oneAtATime(async () => {
    void offer.refreshOfferIfOlderThan(OFFER_MAX_AGE_MS);
    set('domains', (now) => ({ ...now, loading: true }));
    try {
      const domains = await (await state.client()).listDomains({ signal: state.lifetime });
      const fetchedAt = Date.now();
      set('domains', () => ({ value: domains, fetchedAt, loading: false, error: undefined }));
      if (!state.lifetime.aborted) await writeCachedDomains(connection, domains).catch(() => {});
      return domains;
    } catch (error) {
      set('domains', (now) => ({ ...now, loading: false, error }));
      throw error;
    }
  });
  const refreshDomains = ({ signal }: CallOptions = {}) => untilAborted(refresh.run(), signal);

  let domainsLoad: Promise<Domain[] | undefined> | undefined;

  return {
    cachedDomains: () => readCachedDomains(connection),
    loadDomains({ readCache = readCachedDomains } = {}) {
      void offer.loadCachedOffer();
      domainsLoad ??= loadCachedThenFresh(state, 'domains', readCache, refreshDomains).finally(
        () => {
          domainsLoad = undefined;
        },
      );
      return domainsLoad;
    },
    refreshDomains,
  };
}
