// What the operator sets on a custom domain from the command line (`domain set`), and how
// `domain list` shows every domain: its account and where it sends visitors its links do not
// serve. The addresses follow the destinations' rules, and stricter: none may be on a host of this
// service at all, since its root or any path on it could lead back to the fallback itself.
import { z } from 'zod/mini';
import { webAddress } from '../../contract/wire.ts';
import { AdminError } from '../accounts/admin.ts';
import type { DomainFallbacks, DomainSettingsRow, Storage } from '../storage/storage.ts';
import type { DestinationRules } from './destinations.ts';

/** Each fallback by its command-line flag. */
export const FALLBACK_FLAGS = { notFoundUrl: '--not-found-url', rootUrl: '--root-url' } as const;

/** A fallback as typed: '' clears it; anything else must be an address a visitor may be sent to. */
async function checkedFallback(
  typed: string,
  flag: string,
  rules: DestinationRules,
): Promise<string | null> {
  if (typed.trim() === '') return null;
  const what = `The address of ${flag}`;
  const parsed = z.safeParse(webAddress(what, `an address for ${flag}`), typed);
  if (!parsed.success)
    throw new AdminError(parsed.error.issues[0]?.message ?? `${what} is invalid.`);
  const address = parsed.data;
  if (await rules.isOnShortLinkHost(address)) {
    throw new AdminError(
      `${what} is on ${new URL(address).host}, a host of this service's short links: a visitor sent there could be sent back in a loop, so give an address elsewhere.`,
    );
  }
  const refusal = await rules.refusal(address, what);
  if (refusal) throw new AdminError(refusal.message);
  return address;
}

/**
 * Sets the fallbacks given (an empty one clears it) on a custom domain; nothing is changed when
 * one of them is refused. Returns the domain's fallbacks as stored.
 */
export async function setDomainFallbacks(
  store: Pick<Storage, 'setDomainFallbacks' | 'domainFallbacks'>,
  rules: DestinationRules,
  host: string,
  typed: { notFoundUrl?: string; rootUrl?: string },
): Promise<DomainFallbacks> {
  const normalized = host.trim().toLowerCase().replace(/\.$/, '');
  if (typed.notFoundUrl === undefined && typed.rootUrl === undefined) {
    throw new AdminError(
      'Give --not-found-url URL, --root-url URL or both (an empty value clears one): nothing to set.',
    );
  }
  const changes: Partial<DomainFallbacks> = {};
  for (const key of ['notFoundUrl', 'rootUrl'] as const) {
    const value = typed[key];
    if (value !== undefined)
      changes[key] = await checkedFallback(value, FALLBACK_FLAGS[key], rules);
  }
  if (!(await store.setDomainFallbacks(normalized, changes))) {
    throw new AdminError(
      `No account has added the domain ${normalized}: add it first with domain add.`,
    );
  }
  return (await store.domainFallbacks(normalized)) as DomainFallbacks;
}

/** Where a domain sends visitors, as the commands print it. */
export const fallbacksText = (fallbacks: DomainFallbacks) =>
  `unknown back-halves go to ${fallbacks.notFoundUrl ?? 'the 404 page'}, the root to ${fallbacks.rootUrl ?? 'the home page'}`;

/** One line a domain: host, account, and where it sends visitors. */
export function domainLines(rows: DomainSettingsRow[]): string[] {
  if (rows.length === 0) return ['No custom domains yet: add one with domain add.'];
  return rows.map((row) => `${row.host} (${row.email}): ${fallbacksText(row)}`);
}
