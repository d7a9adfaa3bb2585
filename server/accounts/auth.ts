// Who may use the API, and how often: requests counted per client address before the key is looked
// at, then the bearer key, the account's own limit (all its keys together) and its plan. What the
// key middleware finds is the request's `owner`, which every account route reads.
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../contract/limits.ts';
import { HttpProblem } from '../http/problems.ts';
import { addressLimitKey, openRateLimiter } from '../http/rate-limit.ts';
import type { KeyOwner, Storage } from '../storage/storage.ts';
import { bearerToken, hashApiKey } from './keys.ts';

/** The environment of a route behind `requireApiKey`: the account whose key was sent. */
export type AccountEnv = { Bindings: HttpBindings; Variables: { owner: KeyOwner } };

const tooMany = (waitSeconds: number, whose: string) =>
  new HttpProblem(
    ErrorCode.rateLimited,
    `Too many requests ${whose}. Try again in ${waitSeconds} seconds.`,
    { headers: { 'Retry-After': String(waitSeconds) } },
  );

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

export type AddressLimitDeps = {
  store: Storage;
  /** API requests per minute per client address, counted before the key is looked at; 0: none. */
  addressRateLimitPerMinute: number;
  /**
   * Addresses of the proxies in front of the service: from them, the client's address is the one
   * they add to X-Forwarded-For. Empty: that header is ignored (anyone can write it).
   */
  trustedProxies?: ReadonlySet<string>;
};

/**
 * Counts every request by client address (an IPv6 one by its /64), before anything else is looked
 * at, so a flood of wrong keys is turned away as cheaply as can be.
 */
export function limitByAddress(deps: AddressLimitDeps): MiddlewareHandler<{
  Bindings: HttpBindings;
}> {
  // In memory, or shared by every instance on the database (rate-limit.ts).
  const limiter = openRateLimiter(deps.store, 'address', deps.addressRateLimitPerMinute);
  return async (c, next) => {
    const address = clientAddress(c.env.incoming, deps.trustedProxies);
    const wait = await limiter.take(addressLimitKey(address));
    if (wait > 0) {
      throw tooMany(wait, `from this address (${deps.addressRateLimitPerMinute} a minute)`);
    }
    await next();
  };
}

export type ApiKeyDeps = {
  store: Storage;
  /** API requests per minute per account (all its keys together); 0: no limit. */
  rateLimitPerMinute: number;
};

/** Lets through requests with a live key of a paid account within its limit, as `owner`. */
export function requireApiKey(deps: ApiKeyDeps): MiddlewareHandler<AccountEnv> {
  const { store } = deps;
  const limiter = openRateLimiter(store, 'account', deps.rateLimitPerMinute);
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const owner = token ? await store.keyOwner(hashApiKey(token)) : undefined;
    if (!owner) {
      throw new HttpProblem(
        ErrorCode.unauthorized,
        token
          ? 'The API key is not valid: it is unknown or has been revoked.'
          : 'Send your API key in the header "Authorization: Bearer <API key>".',
        { headers: { 'WWW-Authenticate': 'Bearer realm="short-links"' } },
      );
    }
    const wait = await limiter.take(String(owner.accountId));
    if (wait > 0) {
      throw tooMany(
        wait,
        `for this account (${deps.rateLimitPerMinute} a minute, shared by all its API keys)`,
      );
    }
    if (owner.plan !== 'paid') {
      throw new HttpProblem(
        ErrorCode.paidPlanRequired,
        'The API is available only on paid plans. Upgrade the account to use it.',
      );
    }
    c.set('owner', owner);
    await next();
  };
}
