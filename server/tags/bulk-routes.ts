// PATCH /v1/links: one change to many links (up to BULK_EDIT_MAX_LINKS) in one transaction: tags
// added and taken off, when they end, their destinations moved to another host. Each link is
// answered changed, not found or invalid; without "partial", one link not found or invalid
// changes none (storage/bulk-plan.ts decides, the same on both engines).
import { Hono } from 'hono';
import { ErrorCode, MAX_TAGS_PER_ACCOUNT } from '../../contract/limits.ts';
import { tagKey } from '../../contract/tag-fields.ts';
import { BulkEditBody } from '../../contract/tags.ts';
import { EXPIRES_AT_PAST } from '../../contract/wire.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import type { RedirectCache } from '../clicks/redirects.ts';
import { HttpProblem, readJsonObject, validate } from '../http/problems.ts';
import type { DestinationRules } from '../links/destinations.ts';
import type { Clock } from '../shared/clock.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import { type LinkKey, type Storage, TagLimitReached } from '../storage/storage.ts';

export type BulkRouteDeps = {
  store: Storage;
  redirects: RedirectCache;
  domains: ShortDomains;
  destinations: DestinationRules;
  clock: Clock;
};

const REPLACE = 'replace_destination_host';

/** A host as URL parsing writes it (lower case, punycode), or the problem with it. */
function urlHost(host: string): string {
  try {
    const url = new URL(`https://${host}/`);
    if (url.host && url.pathname === '/') return url.host;
  } catch {}
  throw new HttpProblem(
    ErrorCode.invalidField,
    `"${host}" is not a host: give a host name with its port where it has one, as example.com.`,
    { field: REPLACE },
  );
}

/** Mounted at /v1/links (before the link routes), behind requireApiKey. */
export function bulkRoutes(deps: BulkRouteDeps): Hono<AccountEnv> {
  const { store, redirects, domains, destinations, clock } = deps;
  const bulk = new Hono<AccountEnv>();

  /** The new host, unless links moved to it would loop or it is blocked. */
  const checkedNewHost = async (to: string) => {
    const host = urlHost(to);
    for (const path of ['/', '/x']) {
      const refusal = await destinations.refusal(`https://${host}${path}`, 'The new host');
      if (refusal) {
        throw new HttpProblem(
          refusal.kind === 'blocked' ? ErrorCode.blockedDestination : ErrorCode.invalidField,
          refusal.message,
          { field: REPLACE },
        );
      }
    }
    return host;
  };

  bulk.patch('/', async (c) => {
    const { accountId } = c.get('owner');
    const input = validate(BulkEditBody, await readJsonObject(c.env.incoming));
    const changes = [input.add_tags, input.remove_tags, input.expires_at, input.max_clicks];
    if (changes.every((value) => value === undefined) && !input[REPLACE]) {
      throw new HttpProblem(
        ErrorCode.missingField,
        `Send at least one of "add_tags", "remove_tags", "expires_at", "max_clicks" and "${REPLACE}": nothing to change.`,
      );
    }
    const expiresAt =
      typeof input.expires_at === 'string' ? Date.parse(input.expires_at) : input.expires_at;
    if (typeof expiresAt === 'number' && !(expiresAt > clock.now())) {
      throw new HttpProblem(ErrorCode.invalidField, EXPIRES_AT_PAST, { field: 'expires_at' });
    }
    const replace = input[REPLACE];
    const replaceHost = replace && {
      from: urlHost(replace.from),
      to: await checkedNewHost(replace.to),
    };
    // A link named by another host than a short domain is not found, as GET would answer.
    const named = input.links.map((text): LinkKey | undefined => {
      const slash = text.indexOf('/');
      const domain = slash > 0 ? domains.domainOf(text.slice(0, slash)) : undefined;
      return domain === undefined ? undefined : { domain, backHalf: text.slice(slash + 1) };
    });
    // No link has an empty back-half: a link named on no short domain is found nowhere.
    const nowhere: LinkKey = { domain: '', backHalf: '' };
    let result: Awaited<ReturnType<Storage['bulkEdit']>>;
    try {
      result = await store.bulkEdit(
        accountId,
        named.map((key) => key ?? nowhere),
        {
          addTags: (input.add_tags ?? []).map((name) => ({ name, key: tagKey(name) })),
          removeTags: (input.remove_tags ?? []).map(tagKey),
          expiresAt,
          maxClicks: input.max_clicks,
          ...(replaceHost ? { replaceHost } : {}),
        },
        input.partial ?? false,
      );
    } catch (error) {
      if (!(error instanceof TagLimitReached)) throw error;
      throw new HttpProblem(
        ErrorCode.tagLimitReached,
        `The tags to add would take this account past ${MAX_TAGS_PER_ACCOUNT} tags, the most it may have: nothing was changed.`,
        { field: 'add_tags' },
      );
    }
    for (const link of result.redirectsChanged) redirects.forget(link.domain, link.backHalf);
    return c.json({
      success: true,
      applied: result.applied,
      changed: result.links.filter((link) => link.status === 'changed').length,
      links: result.links.map((outcome, index) => ({ link: input.links[index], ...outcome })),
    });
  });

  return bulk;
}
