// The API: routes, authentication, validation and error answers. Redirects live in redirects.ts.
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as z from 'zod/mini';
import {
  CreateLinkBody,
  type ErrorBodyJson,
  type LinkAnswerJson,
  type LinkJson,
  UpdateLinkBody,
} from '../lib/contract.ts';
import { BACK_HALF_PATTERN, ErrorCode, MAX_REQUEST_BODY_BYTES } from '../lib/contract-limits.ts';
import { createHealthRoutes } from './api/health.ts';
import { generateBackHalf } from './back-half.ts';
import type { ClickCounter } from './clicks.ts';
import { streamedJsonResponse } from './compress.ts';
import type { DestinationRules } from './destinations.ts';
import { bearerToken, hashApiKey } from './keys.ts';
import { isoOffset } from './list-json.ts';
import type { ListReader } from './list-reader.ts';
import { openApiDocument } from './openapi.ts';
import { openRateLimiter } from './rate-limit.ts';
import type { RedirectCache } from './redirects.ts';
import type { ShortDomains } from './short-domain.ts';
import {
  DEFAULT_DOMAIN,
  type DomainKey,
  type KeyOwner,
  type LinkRow,
  type Storage,
  StorageUnavailable,
  UniqueViolation,
} from './storage.ts';
import { clientWentAway } from './structured-log.ts';

export type Logger = { info(message: string): void; error(message: string, error?: unknown): void };

export type AppDeps = {
  store: Storage;
  clicks: ClickCounter;
  redirects: RedirectCache;
  domains: ShortDomains;
  destinations: DestinationRules;
  lists: ListReader;
  /** API requests per minute per account (all its keys together); 0: no limit. */
  rateLimitPerMinute: number;
  /** API requests per minute per client address, counted before the key is looked at; 0: none. */
  addressRateLimitPerMinute: number;
  /**
   * Addresses of the proxies in front of the service: from them, the client's address is the one
   * they add to X-Forwarded-For. Empty: that header is ignored (anyone can write it).
   */
  trustedProxies?: ReadonlySet<string>;
  logger: Logger;
};

type Env = { Bindings: HttpBindings; Variables: { owner: KeyOwner } };

export class HttpProblem extends Error {
  override name = 'HttpProblem';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

function problemResponse(c: Context, problem: HttpProblem): Response {
  const body: ErrorBodyJson = {
    success: false,
    code: problem.code,
    message: problem.message,
  };
  if (problem.field) body.field = problem.field;
  return c.json(body, problem.status, problem.headers);
}

const MAX_GENERATION_ATTEMPTS = 8;
/** What a 503 asks for when the database is locked, full or failing. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/** The two date forms of the interface's examples. */
const isoMillis = (ms: number) => new Date(ms).toISOString();

const tooLarge = () =>
  new HttpProblem(
    413,
    ErrorCode.payloadTooLarge,
    `The request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`,
    // The rest of the body is never read: a client that reused this connection would send its
    // next request into it and have it dropped when Node gives up draining (seen with fetch after
    // a 1 MiB body). Closing tells it not to.
    { headers: { Connection: 'close' } },
  );

/** The raw body from Node's request stream, refused past the size limit before it is all read. */
async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  if (Number(incoming.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
const REPLACEMENT = '\uFFFD';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem(400, ErrorCode.invalidJson, 'The request body is not valid JSON.');
  }
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body with bytes that are not UTF-8 is refused, never stored with U+FFFD in their place. The
 * field named is the first whose text the lenient decoder had to patch (when the client sent a
 * real U+FFFD too, the first holding one).
 */
function refuseInvalidUtf8(bytes: Buffer): never {
  const body = parseJson(lenientUtf8.decode(bytes));
  const field = isObject(body)
    ? Object.keys(body).find((name) => {
        const value = body[name];
        return typeof value === 'string' && value.includes(REPLACEMENT);
      })
    : undefined;
  if (field === undefined) {
    throw new HttpProblem(400, ErrorCode.invalidJson, 'The request body is not valid UTF-8 text.');
  }
  throw new HttpProblem(
    400,
    ErrorCode.invalidField,
    `The field "${field}" holds bytes that are not UTF-8 text; send it encoded as UTF-8.`,
    { field },
  );
}

async function readJsonObject(c: Context<Env>): Promise<Record<string, unknown>> {
  const bytes = await readBody(c.env.incoming);
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    refuseInvalidUtf8(bytes);
  }
  const body = parseJson(text);
  if (!isObject(body)) {
    throw new HttpProblem(400, ErrorCode.invalidBody, 'The request body must be a JSON object.');
  }
  return body;
}

function validate<T>(schema: z.ZodMiniType<T>, body: Record<string, unknown>): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const field = issue.keys[0] ?? '';
    throw new HttpProblem(400, ErrorCode.unknownField, `Unknown field "${field}".`, { field });
  }
  const field = String(issue?.path[0] ?? '');
  if (field && body[field] === undefined) {
    throw new HttpProblem(400, ErrorCode.missingField, `The field "${field}" is required.`, {
      field,
    });
  }
  throw new HttpProblem(400, ErrorCode.invalidField, issue?.message ?? 'Invalid input.', {
    field: field || undefined,
  });
}

/** `::ffff:127.0.0.1` (an IPv4 address on a dual-stack socket) as `127.0.0.1`. */
const plainAddress = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.)/i, '');

/**
 * The address a request comes from: the socket's, or, when that is a trusted proxy, the last
 * address in X-Forwarded-For that is not a trusted proxy itself (each proxy appends the address
 * it was reached from, so the ones before it may be forged by the client).
 */
export function clientAddress(
  incoming: IncomingMessage,
  trustedProxies: ReadonlySet<string> = new Set(),
): string {
  const socketAddress = plainAddress(incoming.socket.remoteAddress ?? '');
  if (!trustedProxies.has(socketAddress)) return socketAddress;
  const forwarded = String(incoming.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map(plainAddress)
    .filter(Boolean);
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i] as string;
    if (!trustedProxies.has(hop)) return hop;
  }
  return socketAddress;
}

export function createApi(deps: AppDeps): Hono<Env> {
  const { store, clicks, redirects, domains, destinations, logger } = deps;
  // In memory, or shared by every instance on the database (rate-limit.ts).
  const accountLimiter = openRateLimiter(store, 'account', deps.rateLimitPerMinute);
  const addressLimiter = openRateLimiter(store, 'address', deps.addressRateLimitPerMinute);
  const app = new Hono<Env>();
  const openApi = openApiDocument({
    rateLimitPerMinute: deps.rateLimitPerMinute,
    addressRateLimitPerMinute: deps.addressRateLimitPerMinute,
  });

  const tooMany = (waitSeconds: number, whose: string) =>
    new HttpProblem(
      429,
      ErrorCode.rateLimited,
      `Too many requests ${whose}. Try again in ${waitSeconds} seconds.`,
      { headers: { 'Retry-After': String(waitSeconds) } },
    );

  /** A destination the contract accepted, unless it loops or its host is blocked. */
  const checkDestination = async (destination: string | undefined): Promise<void> => {
    if (destination === undefined) return;
    const refusal = await destinations.refusal(destination);
    if (!refusal) return;
    throw new HttpProblem(
      400,
      refusal.kind === 'blocked' ? ErrorCode.blockedDestination : ErrorCode.invalidField,
      refusal.message,
      { field: 'destination_url' },
    );
  };

  /** A link as the interface shows it: in a list as it is, in other answers after `success`. */
  const linkFields = (link: LinkRow, date: (ms: number) => string): LinkJson => ({
    short_url: domains.shortUrl(link.domain, link.backHalf),
    destination_url: link.destinationUrl,
    // What is stored plus what is still in memory: exact even while click writes are failing,
    // when the link was read inside clicks.settled().
    clicks: link.clicks + clicks.pendingOf(link.id, link.storedBatch),
    created_at: date(link.createdAt),
    title: link.title,
  });
  const linkJson = (link: LinkRow, date: (ms: number) => string): LinkAnswerJson => ({
    success: true,
    ...linkFields(link, date),
  });

  const linkNotFound = () =>
    new HttpProblem(404, ErrorCode.notFound, 'No link with this short URL.');

  /** The domain and back-half a path identifier (`<domain>/<back_half>`, slash literal or %2F) names. */
  const linkIdentity = (c: Context<Env>): { domain: DomainKey; backHalf: string } => {
    const notFound = linkNotFound();
    const rawPath = new URL(c.req.url).pathname.slice('/v1/links/'.length);
    const match = /^([^/]+?)(?:\/|%2F)([^/]+)$/i.exec(rawPath);
    if (!match) throw notFound;
    let host: string;
    let backHalf: string;
    try {
      host = decodeURIComponent(match[1] as string);
      backHalf = decodeURIComponent(match[2] as string);
    } catch {
      throw notFound;
    }
    const domain = domains.domainOf(host);
    if (domain === undefined || !BACK_HALF_PATTERN.test(backHalf)) throw notFound;
    return { domain, backHalf };
  };

  const findLink = async (c: Context<Env>): Promise<LinkRow> => {
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
      400,
      ErrorCode.unknownDomain,
      `The domain "${requested}" has not been added to this account.`,
      { field: 'domain' },
    );
  };

  // Every API answer, errors included: never cached by a browser or proxy (it is one account's
  // data), never sniffed into another type.
  app.use('*', async (c, next) => {
    c.env.outgoing.setHeader('Cache-Control', 'no-store');
    c.env.outgoing.setHeader('X-Content-Type-Options', 'nosniff');
    await next();
  });

  app.route('/v1/health', createHealthRoutes(store));

  app.use('/v1/*', async (c, next) => {
    // Before the key is looked at, so a flood of wrong keys is turned away as cheaply as can be.
    const address = clientAddress(c.env.incoming, deps.trustedProxies);
    const addressWait = await addressLimiter.take(address);
    if (addressWait > 0) {
      throw tooMany(addressWait, `from this address (${deps.addressRateLimitPerMinute} a minute)`);
    }
    // The description of the API is public: a client learns from it how to send its key.
    if (c.req.path === '/v1/openapi.json' && c.req.method === 'GET') return c.json(openApi);
    const token = bearerToken(c.req.header('authorization'));
    const owner = token ? await store.keyOwner(hashApiKey(token)) : undefined;
    if (!owner) {
      throw new HttpProblem(
        401,
        ErrorCode.unauthorized,
        token
          ? 'The API key is not valid: it is unknown or has been revoked.'
          : 'Send your API key in the header "Authorization: Bearer <API key>".',
        { headers: { 'WWW-Authenticate': 'Bearer realm="short-links"' } },
      );
    }
    const accountWait = await accountLimiter.take(String(owner.accountId));
    if (accountWait > 0) {
      throw tooMany(
        accountWait,
        `for this account (${deps.rateLimitPerMinute} a minute, shared by all its API keys)`,
      );
    }
    if (owner.plan !== 'paid') {
      throw new HttpProblem(
        403,
        ErrorCode.paidPlanRequired,
        'The API is available only on paid plans. Upgrade the account to use it.',
      );
    }
    c.set('owner', owner);
    await next();
  });

  app.post('/v1/links', async (c) => {
    const owner = c.get('owner');
    const input = validate(CreateLinkBody, await readJsonObject(c));
    const domain = await domainForCreate(owner, input.domain);
    await checkDestination(input.destination_url);
    const fields = {
      domain,
      destinationUrl: input.destination_url,
      title: input.title ?? '',
      createdAt: Date.now(),
    };
    if (input.back_half !== undefined) {
      try {
        return c.json(
          linkJson(
            await store.insertLink(owner.accountId, { ...fields, backHalf: input.back_half }),
            isoMillis,
          ),
        );
      } catch (error) {
        if (!(error instanceof UniqueViolation)) throw error;
        throw new HttpProblem(
          409,
          ErrorCode.backHalfTaken,
          `The back-half "${input.back_half}" is already taken on ${domains.hostOf(domain)}. Choose another.`,
          { field: 'back_half' },
        );
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return c.json(
          linkJson(
            await store.insertLink(owner.accountId, { ...fields, backHalf: generateBackHalf() }),
            isoMillis,
          ),
        );
      } catch (error) {
        if (!(error instanceof UniqueViolation) || attempt >= MAX_GENERATION_ATTEMPTS) throw error;
      }
    }
  });

  // "All links", however many: written by a worker thread a chunk at a time (list-reader.ts), so
  // 200,000 links neither stall the redirects nor sit whole in memory.
  app.get('/v1/links', (c) =>
    streamedJsonResponse({
      chunks: deps.lists.chunks(c.get('owner').accountId, clicks),
      acceptEncoding: c.req.header('accept-encoding'),
      breakOff: (error) => {
        logger.error(`${c.req.method} ${c.req.path} failed mid-answer`, error);
        c.env.outgoing.destroy();
      },
    }),
  );

  // `/v1/links/*` also matches `/v1/links` itself: PUT and DELETE there are a wrong method (405),
  // not a missing link.
  app.on(['PUT', 'DELETE'], '/v1/links', (c) => c.notFound());

  app.get('/v1/links/*', async (c) =>
    c.json(await clicks.settled(async () => linkJson(await findLink(c), isoOffset))),
  );

  // The body is read first; the link is then named by account, domain and back-half in the one
  // statement that changes it. Nothing read before the await may stand for it: by the time the body
  // has arrived the link may be deleted and its place taken by another account's.
  app.put('/v1/links/*', async (c) => {
    const { domain, backHalf } = linkIdentity(c);
    const input = validate(UpdateLinkBody, await readJsonObject(c));
    if (input.destination_url === undefined && input.title === undefined) {
      throw new HttpProblem(
        400,
        ErrorCode.missingField,
        'Send "destination_url", "title" or both: nothing to update.',
      );
    }
    await checkDestination(input.destination_url);
    const answer = await clicks.settled(async () => {
      const updated = await store.updateLink(c.get('owner').accountId, domain, backHalf, {
        destinationUrl: input.destination_url,
        title: input.title,
      });
      return updated && linkJson(updated, isoMillis);
    });
    if (!answer) throw linkNotFound();
    redirects.forget(domain, backHalf);
    return c.json(answer);
  });

  app.delete('/v1/links/*', async (c) => {
    const { domain, backHalf } = linkIdentity(c);
    if (!(await store.deleteLink(c.get('owner').accountId, domain, backHalf))) throw linkNotFound();
    redirects.forget(domain, backHalf);
    return c.json({ success: true, message: `Deleted ${domains.shortUrl(domain, backHalf)}` });
  });

  app.get('/v1/domains', async (c) =>
    c.json({
      success: true,
      domains: (await store.domainsOf(c.get('owner').accountId)).map(({ host, createdAt }) => {
        const [subdomain = '', ...rest] = host.split('.');
        return {
          domain: host,
          subdomain,
          root_domain: rest.join('.'),
          created_at: isoOffset(createdAt),
        };
      }),
    }),
  );

  /** The methods of each endpoint, for the `Allow` header a 405 must carry (RFC 9110). */
  const endpoints: [RegExp, string][] = [
    [/^\/v1\/links$/, 'GET, POST'],
    [/^\/v1\/links\/.+/, 'GET, PUT, DELETE'],
    [/^\/v1\/domains$/, 'GET'],
    [/^\/v1\/openapi\.json$/, 'GET'],
  ];
  app.notFound((c) => {
    const allow = endpoints.find(([pattern]) => pattern.test(c.req.path))?.[1];
    return problemResponse(
      c,
      allow
        ? new HttpProblem(405, ErrorCode.methodNotAllowed, `${c.req.method} is not allowed here.`, {
            headers: { Allow: allow },
          })
        : new HttpProblem(404, ErrorCode.notFound, `No endpoint ${c.req.method} ${c.req.path}.`),
    );
  });

  app.onError((error, c) => {
    if (clientWentAway(c.env.incoming, error)) return new Response(null, { status: 499 });
    if (error instanceof HttpProblem) return problemResponse(c, error);
    if (error instanceof StorageUnavailable) {
      // Locked by another process, disk full or failing: the write was rolled back whole.
      logger.error(`${c.req.method} ${c.req.path}: ${error.message}`);
      return problemResponse(
        c,
        new HttpProblem(
          503,
          ErrorCode.serviceUnavailable,
          `The service cannot store data right now. Try again in ${STORAGE_RETRY_AFTER_SECONDS} seconds.`,
          { headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } },
        ),
      );
    }
    logger.error(`${c.req.method} ${c.req.path} failed`, error);
    return problemResponse(
      c,
      new HttpProblem(
        500,
        ErrorCode.internalError,
        'The service failed to answer. Try again later.',
      ),
    );
  });

  return app;
}
