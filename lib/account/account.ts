// One object per account that owns everything the pages know of it: the API client, the cached
// and fresh lists of links (account-links.ts) and domains (account-domains.ts), what its service
// offers (account-offer.ts), one request at a time per list, and the cache kept in step with every
// create, update and delete (write-through.ts). The popup, the options sections and the
// background only subscribe to it and call its methods.
import type { ApiClient, CallOptions } from '../api/client.ts';
import { withOfferedHealth } from '../api/link-health.ts';
import { hasLifecycle, offeredLifecycle } from '../api/link-lifecycle.ts';
import type { Link } from '../api/schemas.ts';
import { NO_OFFER } from '../api/service-offer.ts';
import { hasEnded } from '../links/link-end.ts';
import { type AccountRef, connectionTag } from '../settings/connection.ts';
import { type AccountDomains, createAccountDomains } from './account-domains.ts';
import { type AccountLinks, createAccountLinks } from './account-links.ts';
import { type AccountOffer, createAccountOffer } from './account-offer.ts';
import { createAccountState } from './account-state.ts';
import { clearCaches } from './cache.ts';
import type { AccountSnapshot } from './snapshot.ts';
import { type AccountWrites, createWriteThrough } from './write-through.ts';

export type { LoadOptions } from './account-domains.ts';
export type { LinksToOptions, UpkeepResult } from './account-links.ts';
export type { DeleteFailure } from './write-through.ts';

export type Account = {
  readonly connection: AccountRef;
  /** The snapshot changes (a new object) whenever anything in it does. */
  getSnapshot(): AccountSnapshot;
  subscribe(listener: () => void): () => void;
  client(): Promise<ApiClient>;
  /** One link as the service has it now, clicks included. */
  getLink(shortUrl: string, options?: CallOptions): Promise<Link>;
  /** Stops every request under way; nothing is stored after it. */
  close(): void;
} & AccountLinks &
  AccountDomains &
  AccountOffer &
  AccountWrites;

function createAccount(connection: AccountRef): Account {
  const state = createAccountState(connection);
  const { changeLinks, ...links } = createAccountLinks(state);
  const { serviceOffer, offersLinkField, ...offer } = createAccountOffer(state);
  return {
    connection,
    getSnapshot: state.getSnapshot,
    subscribe: state.subscribe,
    client: state.client,
    getLink: async (shortUrl, { signal } = {}) =>
      (await state.client()).getLink(shortUrl, { signal }),
    close: state.close,
    ...links,
    // An ended link is never the page's link: reuse makes a new one instead. A destination's
    // health goes to the page only where the service offers it (the popup's warning).
    async linksTo(addresses, options) {
      const found = await links.linksTo(addresses, options);
      if (!found.some((link) => hasLifecycle(link) || link.destinationStatus)) return found;
      const offer = await serviceOffer().catch(() => NO_OFFER);
      const now = (options?.now ?? Date.now)();
      return found
        .filter((link) => !hasEnded(offeredLifecycle(link, offer), link.clicks, now))
        .map((link) => withOfferedHealth(link, offer));
    },
    ...createAccountDomains(state, offer),
    serviceOffer,
    offersLinkField,
    ...createWriteThrough(state, changeLinks, { serviceOffer, offersLinkField }),
  };
}

const open = new Map<string, Account>();

/**
 * The account object of an account: one per page (a new one when its API or key changes), so
 * every part of the page shares its lists and requests.
 */
export function openAccount({ id, apiBaseUrl, apiKey }: AccountRef): Account {
  const tag = `${id} ${connectionTag({ apiBaseUrl, apiKey })}`;
  let account = open.get(tag);
  if (!account) {
    account = createAccount({ id, apiBaseUrl, apiKey });
    open.set(tag, account);
  }
  return account;
}

/** Closes and forgets every account object of this page (tests, and a removed account). */
export function closeAccounts(keep?: (connection: AccountRef) => boolean): void {
  for (const [tag, account] of open) {
    if (keep?.(account.connection)) continue;
    account.close();
    open.delete(tag);
  }
}

/** An account was removed: this page's objects of it stop, and its caches go. */
export async function dropAccountData(id: string): Promise<void> {
  closeAccounts((connection) => connection.id !== id);
  await clearCaches(id);
}
