// What an account knows of its lists at a moment, as the pages draw it: a module of its own so
// that a page can follow an account (components/account/use-account-data.ts) without loading the account
// layer before it draws.
import type { ListProgress } from '../api/client.ts';
import type { Domain, Link } from '../api/schemas.ts';
import type { ServiceOffer } from '../api/service-offer.ts';

/** A list as the pages show it: what is known (cached or fresh), and how its refresh goes. */
export type ListSnapshot<T> = {
  /** The cached or fresh list; undefined until either is known. */
  value: T | undefined;
  /** When `value` was fetched from the service. */
  fetchedAt: number | undefined;
  /** A refresh is under way. */
  loading: boolean;
  /** Why the last refresh failed; `value` is then the older list. */
  error: unknown;
  /** How much of a paged list has arrived, while it arrives. */
  progress?: ListProgress;
  /**
   * Set while `value` is only a first screen of the list, and the whole follows a moment later:
   * the cache's newest links, or the first rows of the service's answer while it arrives (how
   * many in all then unknown, `total` undefined). `loaded`: how many of the service's links are in
   * meanwhile (arrived, or read from its answer), when counted before the whole list is shown.
   */
  partOf?: { total: number | undefined; loaded?: number };
};

export type AccountSnapshot = {
  links: ListSnapshot<Link[]>;
  domains: ListSnapshot<Domain[]>;
  /**
   * What the account's service offers beyond the interface (lib/api/service-offer.ts), read with
   * the domains; undefined until known, and then nothing new is offered.
   */
  offer: ListSnapshot<ServiceOffer>;
};

const emptyList = <T>(): ListSnapshot<T> => ({
  value: undefined,
  fetchedAt: undefined,
  loading: false,
  error: undefined,
});

export const EMPTY_SNAPSHOT: AccountSnapshot = {
  links: emptyList(),
  domains: emptyList(),
  offer: emptyList(),
};
