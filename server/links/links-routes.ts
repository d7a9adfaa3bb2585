// /v1/links: create, list, retrieve, update and delete an account's links. A link is named in the
// path as `<domain>/<back_half>` and always together with its account, so no request reaches
// another account's link.
import { type Context, Hono } from 'hono';
import { ErrorCode, MAX_TAGS_PER_ACCOUNT } from '../../contract/limits.ts';
import { TagName, tagKey } from '../../contract/tag-fields.ts';
import {
  CreateLinkBody,
  EXPIRES_AT_PAST,
  type LinkAnswerJson,
  type ServiceLinkJson,
  UpdateLinkBody,
} from '../../contract/wire.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import type { ClickCounter } from '../clicks/clicks.ts';
import type { RedirectCache } from '../clicks/redirects.ts';
import { streamedJsonResponse } from '../http/compress.ts';
import { answerWrongMethod, HttpProblem, readJsonObject, validate } from '../http/problems.ts';
import { listFilterOf } from '../lists/list-filter.ts';
import { expiresAtIso, isoOffset } from '../lists/list-json.ts';
import type { ListReader } from '../lists/list-reader.ts';
import type { Clock } from '../shared/clock.ts';
import { destinationHealthFields } from '../shared/destination-json.ts';
import { type LinkIdentity, linkIdentityOf, linkPath } from '../shared/link-identity.ts';
import type { Logger } from '../shared/logger.ts';
import { hashPassword } from '../shared/password-hash.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import {
  DEFAULT_DOMAIN,
  type DomainKey,
  type KeyOwner,
  type LinkEnd,
  type LinkRow,
  type Storage,
  type TagName as StoredTagName,
  TagLimitReached,
  UniqueViolation,
} from '../storage/storage.ts';
import { generateBackHalf } from './back-half.ts';
import type { DestinationRules } from './destinations.ts';

export type LinkRouteDeps = {
  store: Storage;
  clicks: ClickCounter;
  redirects: RedirectCache;
  domains: ShortDomains;
  destinations: DestinationRules;
  lists: ListReader;
  logger: Logger;
  /** Stamps the creation time of a link. */
  clock: Clock;
};

const MAX_GENERATION_ATTEMPTS = 8;

/** The two date forms of the interface's examples. */
const isoMillis = (ms: number) => new Date(ms).toISOString();

/** Tag names as stored, with their keys; absent stays absent. */
export const storedTags = (names: readonly string[] | undefined): StoredTagName[] | undefined =>
  names?.map((name) => ({ name, key: tagKey(name) }));

/** The keys of the tags `?tag=` names; a name no tag could have is refused. */
function tagKeysAsked(names: readonly string[] | undefined): string[] {
  return (names ?? []).map((name) => {
    const checked = TagName.safeParse(name);
    if (!checked.success) {
      throw new HttpProblem(
        ErrorCode.invalidField,
        `The tag filter "${name}" is no tag name: ${checked.error.issues[0]?.message}`,
        { field: 'tag' },
      );
    }
    return tagKey(checked.data);
  });
}

/** Mounted at /v1/links, behind requireApiKey. */
export function linkRoutes(deps: LinkRouteDeps): Hono<AccountEnv> {
  const { store, clicks, redirects, domains, destinations, logger, clock } = deps;
  const links = new Hono<AccountEnv>();

  /** A destination the contract accepted, unless it loops or its host is blocked. */
  const checkDestination = async (
    destination: string | null | undefined,
    field: 'destination_url' | 'expired_url' = 'destination_url',
  ): Promise<void> => {
    if (destination === undefined || destination === null) return;
    const refusal = await destinations.refusal(
      destination,
      field === 'expired_url' ? 'The address after expiry' : undefined,
    );
    if (!refusal) return;
    // blocked_destination is the destination's own code; any other address is an invalid field.
    throw new HttpProblem(
      refusal.kind === 'blocked' && field === 'destination_url'
        ? ErrorCode.blockedDestination
        : ErrorCode.invalidField,
      refusal.message,
      { field },
    );
  };

  /**
   * The end fields of a body the contract accepted, as stored (absent: unchanged), once the
   * expiry is found ahead of the service's clock and the address after it is no loop.
   */
  const linkEnd = async (input: {
    expires_at?: string | null;
    max_clicks?: number | null;
    expired_url?: string | null;
  }): Promise<Partial<LinkEnd>> => {
    const expiresAt =
      typeof input.expires_at === 'string' ? Date.parse(input.expires_at) : input.expires_at;
    if (typeof expiresAt === 'number' && !(expiresAt > clock.now())) {
      throw new HttpProblem(ErrorCode.invalidField, EXPIRES_AT_PAST, { field: 'expires_at' });
    }
    await checkDestination(input.expired_url, 'expired_url');
    return { expiresAt, maxClicks: input.max_clicks, expiredUrl: input.expired_url };
  };

  /** A password as stored: its hash (absent: unchanged; null: removed). */
  const passwordHashOf = async (password: string | null | undefined) =>
    typeof password === 'string' ? await hashPassword(password) : password;

  /** A link as the interface shows it: in a list as it is, in other answers after `success`. */
  const linkFields = (link: LinkRow, date: (ms: number) => string): ServiceLinkJson => ({
    short_url: domains.shortUrl(link.domain, link.backHalf),
    destination_url: link.destinationUrl,
    // What is stored plus what is still in memory: exact even while click writes are failing,
    // when the link was read inside clicks.settled().
    clicks: link.clicks + clicks.pendingOf(link.id, link.storedBatch),
    created_at: date(link.createdAt),
    title: link.title,
    expires_at: expiresAtIso(link.expiresAt),
    max_clicks: link.maxClicks,
    expired_url: link.expiredUrl,
    password_protected: link.passwordHash !== null,
    ...destinationHealthFields(link),
    tags: JSON.parse(link.tagsJson ?? '[]'),
  });
  const linkJson = (link: LinkRow, date: (ms: number) => string): LinkAnswerJson => ({
    success: true,
    ...linkFields(link, date),
  });

  /**
   * A made link, with where it is now (Content-Location, RFC 9110 §8.7): the OpenAPI document's
   * links from create to the link's operations read its host and back-half there.
   */
  const createdJson = (c: Context<AccountEnv>, link: LinkRow) =>
    c.json(linkJson(link, isoMillis), 200, { 'Content-Location': linkPath(domains, link) });

  /** A store that makes the tags a link names, with the account's tag limit said as a problem. */
  const withTagLimit = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof TagLimitReached)) throw error;
      throw new HttpProblem(
        ErrorCode.tagLimitReached,
        `This account has ${MAX_TAGS_PER_ACCOUNT} tags, the most it may have: delete one before making another.`,
        { field: 'tags' },
      );
    }
  };

  const linkNotFound = () => new HttpProblem(ErrorCode.notFound, 'No link with this short URL.');

  const linkIdentity = (c: Context<AccountEnv>): LinkIdentity => {
    const identity = linkIdentityOf(c.req.url, domains);
    if (!identity) throw linkNotFound();
    return identity;
  };

  const findLink = async (c: Context<AccountEnv>): Promise<LinkRow> => {
    const { domain, backHalf } = linkIdentity(c);
    const link = await store.linkOf(c.get('owner').accountId, domain, backHalf);
    if (!link) throw linkNotFound();
    return link;
  };

  const domainForCreate = async (
    owner: KeyOwner,
    requested: string | undefined,
  ): Promise<DomainKey> => {
    if (requested === undefined) return DEFAULT_DOMAIN;
    const domain = domains.domainOf(requested);
    if (domain === DEFAULT_DOMAIN) return domain;
    if (domain !== undefined && (await store.ownsDomain(owner.accountId, domain))) return domain;
    throw new HttpProblem(
      ErrorCode.unknownDomain,
      `The domain "${requested}" has not been added to this account.`,
      { field: 'domain' },
    );
  };

  links.post('/', async (c) => {
    const owner = c.get('owner');
    const input = validate(CreateLinkBody, await readJsonObject(c.env.incoming));
    const domain = await domainForCreate(owner, input.domain);
    await checkDestination(input.destination_url);
    const fields = {
      ...(await linkEnd(input)),
      passwordHash: await passwordHashOf(input.password),
      tags: storedTags(input.tags),
      domain,
      destinationUrl: input.destination_url,
      title: input.title ?? '',
      createdAt: clock.now(),
    };
    const chosenBackHalf = input.back_half;
    if (chosenBackHalf !== undefined) {
      try {
        return createdJson(
          c,
          await withTagLimit(() =>
            store.insertLink(owner.accountId, { ...fields, backHalf: chosenBackHalf }),
          ),
        );
      } catch (error) {
        if (!(error instanceof UniqueViolation)) throw error;
        throw new HttpProblem(
          ErrorCode.backHalfTaken,
          `The back-half "${input.back_half}" is already taken on ${domains.hostOf(domain)}. Choose another.`,
          { field: 'back_half' },
        );
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return createdJson(
          c,
          await withTagLimit(() =>
            store.insertLink(owner.accountId, { ...fields, backHalf: generateBackHalf() }),
          ),
        );
      } catch (error) {
        if (!(error instanceof UniqueViolation) || attempt >= MAX_GENERATION_ATTEMPTS) throw error;
      }
    }
  });

  // "All links", however many: written by a worker thread a chunk at a time (list-reader.ts), so
  // 200,000 links neither stall the redirects nor sit whole in memory.
  // `?tag=NAME`, repeatable: the links that carry every tag named.
  links.get('/', (c) =>
    streamedJsonResponse({
      chunks: deps.lists.chunks(c.get('owner').accountId, clicks, {
        ...listFilterOf(c.req.query()),
        tagKeys: tagKeysAsked(c.req.queries('tag')),
      }),
      acceptEncoding: c.req.header('accept-encoding'),
      breakOff: (error) => {
        logger.error(`${c.req.method} ${c.req.path} failed mid-answer`, error);
        c.env.outgoing.destroy();
      },
    }),
  );

  // `/*` also matches `/v1/links` itself: PUT and DELETE there are a wrong method (405), not a
  // missing link.
  links.on(['PUT', 'DELETE'], '/', answerWrongMethod);

  links.get('/*', async (c) =>
    c.json(await clicks.settled(async () => linkJson(await findLink(c), isoOffset))),
  );

  // The body is read first; the link is then named by account, domain and back-half in the one
  // statement that changes it. Nothing read before the await may stand for it: by the time the body
  // has arrived the link may be deleted and its place taken by another account's.
  links.put('/*', async (c) => {
    const { domain, backHalf } = linkIdentity(c);
    const input = validate(UpdateLinkBody, await readJsonObject(c.env.incoming));
    if (Object.values(input).every((value) => value === undefined)) {
      throw new HttpProblem(
        ErrorCode.missingField,
        'Send at least one of "destination_url", "title", "expires_at", "max_clicks", "expired_url", "password" and "tags": nothing to update.',
      );
    }
    await checkDestination(input.destination_url);
    const end = await linkEnd(input);
    const passwordHash = await passwordHashOf(input.password);
    const answer = await clicks.settled(async () => {
      const updated = await withTagLimit(() =>
        store.updateLink(c.get('owner').accountId, domain, backHalf, {
          ...end,
          passwordHash,
          destinationUrl: input.destination_url,
          title: input.title,
          tags: storedTags(input.tags),
        }),
      );
      return updated && linkJson(updated, isoMillis);
    });
    if (!answer) throw linkNotFound();
    redirects.forget(domain, backHalf);
    return c.json(answer);
  });

  links.delete('/*', async (c) => {
    const { domain, backHalf } = linkIdentity(c);
    if (!(await store.deleteLink(c.get('owner').accountId, domain, backHalf))) throw linkNotFound();
    redirects.forget(domain, backHalf);
    return c.json({ success: true, message: `Deleted ${domains.shortUrl(domain, backHalf)}` });
  });

  return links;
}
