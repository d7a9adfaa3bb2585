// The account's links by where they lead: "which links go to this page?" as a map lookup rather
// than a walk through tens of thousands of links. Kept by the account layer beside its links
// cache (lib/account/account.ts), asked by the use case "a link for this page" (lib/page-link/link-for-page.ts).
import type { Link } from '../api/schemas.ts';

/** An address as a browser writes it, so that `https://EXAMPLE.com:443/a` finds `https://example.com/a`. */
export function destinationKey(address: string): string {
  try {
    return new URL(address).href;
  } catch {
    return address;
  }
}

export type LinkIndex = {
  /** The links to any of the addresses, each once: those of the first address first, in list order. */
  linksTo(addresses: readonly string[]): Link[];
  /** How each destination of the list was written as a key; a rebuild reuses it (see indexLinks). */
  readonly keys: ReadonlyMap<string, string>;
};

/**
 * Indexes a list of links by destination. `previous` is an index of an earlier version of the
 * list: its destinations are not parsed again, so that the index follows a change (one link made,
 * edited or deleted) in a few milliseconds even at tens of thousands of links.
 */
export function indexLinks(links: readonly Link[], previous?: LinkIndex): LinkIndex {
  const keys = new Map<string, string>();
  const byDestination = new Map<string, Link[]>();
  for (const link of links) {
    const written = link.destinationUrl;
    let key = keys.get(written) ?? previous?.keys.get(written);
    if (key === undefined) key = destinationKey(written);
    keys.set(written, key);
    const found = byDestination.get(key);
    if (found) found.push(link);
    else byDestination.set(key, [link]);
  }
  return {
    keys,
    linksTo(addresses) {
      const found = new Map<string, Link>();
      for (const address of addresses) {
        for (const link of byDestination.get(destinationKey(address)) ?? []) {
          if (!found.has(link.shortUrl)) found.set(link.shortUrl, link);
        }
      }
      return [...found.values()];
    },
  };
}
