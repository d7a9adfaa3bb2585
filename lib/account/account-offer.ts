// What an account's service offers (lib/api/service-offer.ts), read from its published contract
// with a refresh of its domains once what is known is a day old, and cached beside them. Reading it
// never holds up or fails the domains: a contract that cannot be read now keeps what was known,
// and the next refresh asks again.
import type { CallOptions } from '../api/client.ts';
import { NO_OFFER, offersLinkField, type ServiceOffer } from '../api/service-offer.ts';
import { type AccountState, oneAtATime, untilAborted } from './account-state.ts';
import { readCachedOffer, writeCachedOffer } from './cache.ts';

export type AccountOffer = {
  /**
   * What the account's service offers: as known (read, or cached), else read now; nothing new
   * while none can be read.
   */
  serviceOffer(options?: CallOptions): Promise<ServiceOffer>;
  /**
   * Whether the offer known now (read, or cached: `loadDomains` shows the cache and refreshes it
   * in the background) names this link field; never a request, so a page may ask it as it draws.
   */
  offersLinkField(field: string): boolean;
};

/**
 * How long a read contract stands. A service's offer changes with its version, not by the hour,
 * and the contract is some 40 kB: a popup opened a hundred times a day asks for it once.
 */
export const OFFER_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the domains' load and refresh do to the offer. */
export type OfferUpkeep = {
  /** Reads the contract again; never fails (the snapshot's `offer.error` says why it did). */
  refreshOffer(): Promise<ServiceOffer | undefined>;
  /**
   * Reads the contract again unless what is known (shown or cached) was read well within
   * `maxAgeMs`; a read that failed is tried again.
   */
  refreshOfferIfOlderThan(maxAgeMs: number, now?: () => number): Promise<ServiceOffer | undefined>;
  /** Shows the cached offer while none is known. */
  loadCachedOffer(): Promise<void>;
};

export function createAccountOffer(state: AccountState): AccountOffer & OfferUpkeep {
  const { connection, set } = state;

  const refresh = oneAtATime(async () => {
    set('offer', (now) => ({ ...now, loading: true }));
    try {
      const offer = await (await state.client()).readServiceOffer({ signal: state.lifetime });
      const fetchedAt = Date.now();
      // Stored before it is shown: whoever sees it can count on the cache (or its removal) done.
      if (!state.lifetime.aborted) await writeCachedOffer(connection, offer).catch(() => {});
      set('offer', () => ({ value: offer, fetchedAt, loading: false, error: undefined }));
      return offer;
    } catch (error) {
      set('offer', (now) => ({ ...now, loading: false, error }));
      return undefined;
    }
  });

  async function loadCachedOffer(): Promise<void> {
    if (state.getSnapshot().offer.value !== undefined) return;
    const cached = await readCachedOffer(connection).catch(() => undefined);
    if (!cached) return;
    // A read contract may have arrived meanwhile; it is newer than the cache.
    set('offer', (now) =>
      now.value === undefined ? { ...now, value: cached.value, fetchedAt: cached.fetchedAt } : now,
    );
  }

  async function knownOffer(): Promise<ServiceOffer> {
    await loadCachedOffer();
    return state.getSnapshot().offer.value ?? (await refresh.run()) ?? NO_OFFER;
  }

  async function refreshOfferIfOlderThan(maxAgeMs: number, now = Date.now) {
    await loadCachedOffer();
    const { value, fetchedAt, error } = state.getSnapshot().offer;
    const young = fetchedAt !== undefined && now() - fetchedAt < maxAgeMs;
    if (value !== undefined && young && error === undefined) return value;
    return refresh.run();
  }

  return {
    serviceOffer: ({ signal } = {}) => untilAborted(knownOffer(), signal),
    offersLinkField: (field) => offersLinkField(state.getSnapshot().offer.value, field),
    refreshOffer: refresh.run,
    refreshOfferIfOlderThan,
    loadCachedOffer,
  };
}
