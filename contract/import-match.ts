// Whether a row of an import is already there, asks for a back-half another link holds, or is new:
// one rule for the extension's Check (lib/import/import-plan.ts), its import in the background
// (lib/import/import-links.ts, import-background.ts) and the service's `import` command
// (server/import/import-links.ts), so that a file imported either way, or twice, makes the same
// links and nothing twice.

/**
 * A link, or a row to import, as the rule compares them. `domain` is the caller's key for the
 * short domain ('' for the service's default one); a row without a `backHalf` gets a generated one.
 */
export type ImportKey = { domain: string; backHalf?: string; destinationUrl: string };

/**
 * `Holder` is what the link holding a row's back-half is known to be: importIndex's holds that
 * back-half (the row's), so a caller needs no check of its own to name it.
 */
export type ImportMatch<T, Holder extends T = T> =
  | { outcome: 'new' }
  | { outcome: 'already_there'; link: T }
  | { outcome: 'back_half_taken'; heldBy: Holder };

/** A link or row that has a back-half. */
type WithBackHalf<T extends ImportKey> = T & { backHalf: string };

const hasBackHalf = <T extends ImportKey>(link: T): link is WithBackHalf<T> =>
  link.backHalf !== undefined;

const normalised = (url: string) => URL.parse(url)?.href ?? url;

/** Two destinations compared as the URL parser writes them (a service may store them unnormalised). */
export function sameDestination(a: string, b: string): boolean {
  return a === b || normalised(a) === normalised(b);
}

/**
 * A row held against the link that holds its back-half on its domain: none, and the row is new;
 * one to the row's destination is the row's own link, already there; one elsewhere takes it.
 */
export function matchHolder<T extends { destinationUrl: string }>(
  row: { destinationUrl: string },
  holder: T | undefined,
): ImportMatch<T> {
  if (holder === undefined) return { outcome: 'new' };
  return sameDestination(holder.destinationUrl, row.destinationUrl)
    ? { outcome: 'already_there', link: holder }
    : { outcome: 'back_half_taken', heldBy: holder };
}

/**
 * The links an account has, and the rows of a file that will be made, by back-half and by
 * destination on each domain. A row with a back-half is matched by its holder (matchHolder); a row
 * without one is already there when a link on its domain leads to its destination. Each row that
 * is new is to be held in turn, so that a later row of the same file meets it.
 */
export function importIndex<T extends ImportKey>() {
  const byBackHalf = new Map<string, WithBackHalf<T>>();
  const byDestination = new Map<string, T>();
  const backHalfKey = (domain: string, backHalf: string) => `${domain}/${backHalf}`;
  const destinationKey = (domain: string, destinationUrl: string) =>
    `${domain} ${normalised(destinationUrl)}`;
  return {
    hold(link: T): void {
      if (hasBackHalf(link)) byBackHalf.set(backHalfKey(link.domain, link.backHalf), link);
      byDestination.set(destinationKey(link.domain, link.destinationUrl), link);
    },
    /** A back-half found taken is the holder's own, which is the row's. */
    match(row: ImportKey): ImportMatch<T, WithBackHalf<T>> {
      if (hasBackHalf(row)) {
        return matchHolder(row, byBackHalf.get(backHalfKey(row.domain, row.backHalf)));
      }
      const link = byDestination.get(destinationKey(row.domain, row.destinationUrl));
      return link ? { outcome: 'already_there', link } : { outcome: 'new' };
    },
  };
}
