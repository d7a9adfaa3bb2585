// One destination asked whether it still answers, as the link-health checker records it. The
// checker must never become a way into the operator's network: each hop's host is resolved once,
// every address it resolves to is vetted, and the socket is given exactly those addresses (a
// `lookup` of our own), so a name that resolves to a public address when vetted and to a private
// one a moment later (DNS rebinding) still reaches only the vetted one. Redirects are vetted alike.
import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
import { type RefusedRange, refusedRangeOf } from './address-ranges.ts';

export const CHECK_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;
export const MAX_BODY_BYTES = 64 * 1024;
/** No public page describes the checker, so it says what it is instead of linking one. */
export const CHECKER_USER_AGENT =
  'ShortLinkChecker/1 (checks that the destinations of short links still answer)';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const PERMANENT_REDIRECTS = new Set([301, 308]);
const GONE_STATUSES = new Set([404, 410]);

/**
 * Why a destination could not be reached: its name does not resolve (`dns`), nothing listens
 * (`refused`), no answer within the timeout (`timeout`), its certificate or handshake fails
 * (`tls`), the connection broke or the answer was not HTTP (`connection`), more than five
 * redirects (`too_many_redirects`), or a redirect to an address that cannot be followed
 * (`bad_redirect`: no http(s), or not an address).
 */
export type UnreachableReason =
  | 'dns'
  | 'refused'
  | 'timeout'
  | 'tls'
  | 'connection'
  | 'too_many_redirects'
  | 'bad_redirect';

/**
 * What one check found. `broken` with `transient: true` is a 5xx: a server's passing trouble, which
 * the caller records as broken only when the check before it found a 5xx too; a 404 or 410 is
 * `transient: false`, broken at once. Any other final answer (a 403 to robots, a 429) means the
 * address is there: `ok`, with its status. `redirected` is a final answer reached through
 * redirects, `permanent` when every one of them was a 301 or 308.
 */
export type DestinationState =
  | { state: 'ok'; status: number }
  | { state: 'redirected'; status: number; finalUrl: string; permanent: boolean }
  | { state: 'broken'; status: number; transient: boolean; finalUrl?: string }
  | { state: 'unreachable'; reason: UnreachableReason; detail: string; url: string }
  | {
      state: 'unchecked';
      reason: 'private_address';
      address: string;
      range: RefusedRange;
      url: string;
    };

export type ResolvedAddress = { address: string; family: number };
/** Every address a host name resolves to; throws (with a `code` such as ENOTFOUND) when none. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type CheckOptions = {
  /** Lets the checker reach private and local addresses (`--check-private-destinations`). */
  allowPrivate?: boolean;
  /** Each request's limit, the name's resolution included. */
  timeoutMs?: number;
  resolve?: Resolver;
  /** The refused ranges; a test stands a loopback address in for the internet with it. */
  refusedRange?: (address: string) => RefusedRange | undefined;
  userAgent?: string;
};

const systemResolver: Resolver = async (hostname) =>
  await systemLookup(hostname, { all: true, order: 'verbatim' });

class CheckFailure extends Error {
  readonly reason: UnreachableReason;
  readonly detail: string;
  constructor(reason: UnreachableReason, detail: string) {
    super(detail);
    this.reason = reason;
    this.detail = detail;
  }
}

const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|INVALID_CA|INVALID_PURPOSE)/;
const DNS_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'ENODATA',
  'ESERVFAIL',
]);

function failureOf(error: unknown): CheckFailure {
  if (error instanceof CheckFailure) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const detail = code || (error instanceof Error ? error.message : String(error));
  if (DNS_CODES.has(code)) return new CheckFailure('dns', detail);
  if (code === 'ECONNREFUSED') return new CheckFailure('refused', detail);
  if (code === 'ETIMEDOUT') return new CheckFailure('timeout', detail);
  if (TLS_CODE.test(code) || (code === 'EPROTO' && /ssl|tls/i.test(String(error)))) {
    return new CheckFailure('tls', detail);
  }
  return new CheckFailure('connection', detail);
}

/** Reads a body up to `limit` bytes, then stops it; answers how many bytes were read. */
export function readAtMost(body: Readable, limit: number): Promise<number> {
  return new Promise((resolve) => {
    let read = 0;
    const stop = () => {
      body.off('data', onData);
      body.destroy();
      resolve(read);
    };
    const onData = (chunk: Buffer) => {
      read += Math.min(chunk.length, limit - read);
      if (read >= limit) stop();
    };
    body.on('data', onData);
    body.once('end', () => resolve(read));
    body.on('error', () => resolve(read));
    body.once('close', () => resolve(read));
  });
}

type Answer = { status: number; location: string | undefined };

/** One request to the vetted addresses: the status and Location, at most 64 KiB of body read. */
function ask(
  url: URL,
  method: 'HEAD' | 'GET',
  addresses: ResolvedAddress[],
  options: { timeoutMs: number; userAgent: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The socket asks this instead of the system, so it connects to what was vetted, nothing else.
    const vettedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      const [first] = addresses;
      if (lookupOptions.all) callback(null, addresses);
      else callback(null, first?.address ?? '', first?.family ?? 4);
    };
    // No credentials from the URL, no cookies, nothing but what names the checker.
    const { protocol, hostname, port, path } = urlToHttpOptions(url);
    const client = url.protocol === 'https:' ? https : http;
    let answer: Answer | undefined;
    const request = client.request({
      protocol,
      hostname,
      port,
      path,
      method,
      headers: { 'user-agent': options.userAgent, accept: '*/*' },
      agent: false,
      lookup: vettedLookup,
    });
    const timer = setTimeout(() => {
      // A body still arriving after the timeout does not undo an answer already read.
      if (answer) resolve(answer);
      request.destroy(new CheckFailure('timeout', `no answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.once('response', (response) => {
      answer = { status: response.statusCode ?? 0, location: response.headers.location };
      const read = method === 'GET' ? readAtMost(response, MAX_BODY_BYTES) : Promise.resolve(0);
      void read.then(() => {
        clearTimeout(timer);
        resolve(answer as Answer);
        request.destroy();
      });
      if (method === 'HEAD') response.resume();
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(failureOf(error));
    });
    request.end();
  });
}

/** The addresses a URL's host stands for: itself when it is an address, else what it resolves to. */
async function addressesOf(url: URL, resolver: Resolver, timeoutMs: number) {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailure('timeout', `no address within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    const addresses = await Promise.race([resolver(host), timeout]);
    if (addresses.length === 0) throw new CheckFailure('dns', 'ENOTFOUND');
    return addresses;
  } catch (error) {
    const failure = failureOf(error);
    throw failure.reason === 'connection' ? new CheckFailure('dns', failure.detail) : failure;
  } finally {
    clearTimeout(timer);
  }
}

/** The next address a redirect names, or undefined when it cannot be followed. */
function redirectTarget(location: string, from: URL): URL | undefined {
  try {
    const next = new URL(location, from);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks one destination (an http(s) address, as stored): HEAD first, and GET when the HEAD is
 * refused with an error status (405, 501, and the 4xx and 5xx some servers give HEAD alone, so
 * that a 404 is confirmed before it counts; not a 429, which another request would only worsen).
 */
export async function checkDestination(
  destination: string,
  options: CheckOptions = {},
): Promise<DestinationState> {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const resolver = options.resolve ?? systemResolver;
  const refusedRange = options.refusedRange ?? refusedRangeOf;
  const requestOptions = { timeoutMs, userAgent: options.userAgent ?? CHECKER_USER_AGENT };
  let url = new URL(destination);
  let permanent = true;
  for (let redirects = 0; ; redirects += 1) {
    let answer: Answer;
    try {
      const addresses = await addressesOf(url, resolver, timeoutMs);
      if (!options.allowPrivate) {
        for (const { address } of addresses) {
          const range = refusedRange(address);
          if (range !== undefined) {
            return {
              state: 'unchecked',
              reason: 'private_address',
              address,
              range,
              url: url.href,
            };
          }
        }
      }
      answer = await ask(url, 'HEAD', addresses, requestOptions);
      if (answer.status >= 400 && answer.status !== 429) {
        answer = await ask(url, 'GET', addresses, requestOptions);
      }
    } catch (error) {
      const { reason, detail } = failureOf(error);
      return { state: 'unreachable', reason, detail, url: url.href };
    }
    const { status, location } = answer;
    if (REDIRECT_STATUSES.has(status) && location !== undefined) {
      const next = redirectTarget(location, url);
      if (next === undefined) {
        return { state: 'unreachable', reason: 'bad_redirect', detail: location, url: url.href };
      }
      if (redirects === MAX_REDIRECTS) {
        const detail = `more than ${MAX_REDIRECTS} redirects`;
        return { state: 'unreachable', reason: 'too_many_redirects', detail, url: url.href };
      }
      permanent &&= PERMANENT_REDIRECTS.has(status);
      url = next;
      continue;
    }
    const finalUrl = redirects > 0 ? { finalUrl: url.href } : {};
    if (GONE_STATUSES.has(status))
      return { state: 'broken', status, transient: false, ...finalUrl };
    if (status >= 500) return { state: 'broken', status, transient: true, ...finalUrl };
    if (redirects > 0) return { state: 'redirected', status, finalUrl: url.href, permanent };
    return { state: 'ok', status };
  }
}
