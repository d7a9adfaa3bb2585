// The client of the short-link service: the only code that knows its headers, statuses and the
// interface's URLs (a call beyond the interface names its path in the capability that makes it).
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { ZodMiniType } from 'zod/mini';
import { checkBaseUrl } from './base-url.ts';
import { readTextAtMost } from './capped-body.ts';
import { apiErrorFromResponse, parseRetryAfter } from './error-body.ts';
import { type ApiError, isApiError, ownApiError } from './errors.ts';
import { LinkPageRows, type NextPage } from './link-page.ts';
import { linkPath } from './link-path.ts';
import { type FirstScreen, readListRows } from './list-rows.ts';
import { readTextInPieces, showFirstRowsOnArrival } from './list-stream.ts';
import { parseAnswer } from './parse-answer.ts';
import {
  type CreateLinkInput,
  DeleteResponse,
  type Domain,
  DomainListResponse,
  type Link,
  LinkResponse,
  LinkStats,
  toCreateLinkBody,
  toUpdateLinkBody,
  type UpdateLinkInput,
} from './schemas.ts';
import { MAX_CONTRACT_BYTES, offerOfContractAnswer, type ServiceOffer } from './service-offer.ts';

/** How long one attempt may wait for an answer. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** How long one call may take, retries and their waits included. */
export const TOTAL_TIMEOUT_MS = 25_000;
export const RETRY_LIMIT = 2;
/** First wait between attempts; it doubles with each retry, up to RETRY_BACKOFF_LIMIT_MS. */
export const RETRY_BASE_DELAY_MS = 300;
export const RETRY_BACKOFF_LIMIT_MS = 3_000;
/** A longer Retry-After is not waited out: the person is told when to try again instead. */
export const MAX_RETRY_AFTER_MS = 10_000;
/** A service that pages its list beyond this is taken to be looping. */
export const MAX_LIST_PAGES = 10_000;

export type ApiClientOptions = {
  baseUrl: string;
  apiKey: string;
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  totalTimeoutMs?: number;
  retryLimit?: number;
  retryDelayMs?: number;
  maxRetryAfterMs?: number;
};

export type CallOptions = { signal?: AbortSignal };

/** How much of a paged list has arrived; `total` when the service says. */
export type ListProgress = { loaded: number; total?: number };
export type ListOptions = CallOptions & {
  onProgress?: (progress: ListProgress) => void;
  /** The newest links of a list sent whole, shown before the rest is read (list-rows.ts). */
  firstScreen?: FirstScreen;
};

export type ApiClient = {
  createLink(input: CreateLinkInput, options?: CallOptions): Promise<Link>;
  /** Every link of the account, following the pages when the service pages its answer. */
  listLinks(options?: ListOptions): Promise<Link[]>;
  getLink(shortUrl: string, options?: CallOptions): Promise<Link>;
  updateLink(shortUrl: string, changes: UpdateLinkInput, options?: CallOptions): Promise<Link>;
  deleteLink(shortUrl: string, options?: CallOptions): Promise<DeleteResponse>;
  listDomains(options?: CallOptions): Promise<Domain[]>;
  /**
   * A link's click statistics of the last `days` days; undefined when the service has none (it
   * answers 404 or 405 to `/stats`: the interface has no such endpoint).
   */
  getLinkStats(
    shortUrl: string,
    days: number,
    options?: CallOptions,
  ): Promise<LinkStats | undefined>;
  /** What the service's published contract offers; nothing new when it publishes none. */
  readServiceOffer(options?: CallOptions): Promise<ServiceOffer>;
  /**
   * A call beyond the interface, made by the capability that the service's contract offers it for
   * (lib/tags, lib/health…): `path` is under the base URL (`v1/tags`), the answer read by `schema`.
   */
  call<T>(
    method: HttpMethod,
    path: string,
    schema: ZodMiniType<T>,
    options?: CallOptions & { json?: unknown },
  ): Promise<T>;
};

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

function checkApiKey(apiKey: string): ApiError | undefined {
  if (!apiKey) return ownApiError('unauthorized', 'noApiKey');
  if (!/^[\x21-\x7e]+$/.test(apiKey)) return ownApiError('unauthorized', 'apiKeyCharacters');
  return undefined;
}

/** A redirect is not followed: the key must not travel on, and a redirect's page is not the API. */
const isRedirect = (response: Response) =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399);

export { linkPath } from './link-path.ts';

type ReceiveOptions = CallOptions & {
  json?: unknown;
  onRetry?: () => void;
  /** Read at most this much of the answer: a longer one is undefined. */
  maxBytes?: number;
  /** Given the answer's text a piece at a time, as it arrives, while it answers true. */
  onPiece?: (piece: string) => boolean;
};
type SendOptions = ReceiveOptions & { emptyIsFine?: boolean };

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelayMs = options.retryDelayMs ?? RETRY_BASE_DELAY_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
  const apiKey = options.apiKey.trim();

  let base: URL | undefined;
  let setupError: ApiError | undefined;
  try {
    base = checkBaseUrl(options.baseUrl);
  } catch (error) {
    setupError = error as ApiError;
  }
  setupError ??= checkApiKey(apiKey);
  const baseHref = base?.href ?? '';
  const origin = base?.origin ?? options.baseUrl;

  const api = ky.create({
    headers: { accept: 'application/json' },
    timeout: timeoutMs,
    totalTimeout: Math.max(options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS, timeoutMs),
    fetch: options.fetch,
    retry: {
      limit: options.retryLimit ?? RETRY_LIMIT,
      // POST is left out: a create may have reached the service even when its answer did not.
      methods: ['get', 'put', 'delete'],
      statusCodes: [429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      maxRetryAfter: maxRetryAfterMs,
      backoffLimit: RETRY_BACKOFF_LIMIT_MS,
      delay: (attempt) => retryDelayMs * 2 ** (attempt - 1),
      shouldRetry: ({ error }) => {
        if (!isHTTPError(error)) return undefined;
        const waitSeconds = parseRetryAfter(error.response.headers.get('retry-after'));
        return waitSeconds !== undefined && waitSeconds * 1000 > maxRetryAfterMs
          ? false
          : undefined;
      },
    },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          if (!request.url.startsWith(baseHref)) {
            throw ownApiError('invalid_base_url', 'leftBaseUrl');
          }
          request.headers.set('authorization', `Bearer ${apiKey}`);
        },
      ],
    },
  });

  /** `path` is relative to the base URL, or a full URL under it (a list's next page). */
  async function receive(
    method: HttpMethod,
    path: string,
    { signal, json, onRetry, maxBytes, onPiece }: ReceiveOptions,
  ): Promise<string | undefined> {
    signal?.throwIfAborted();
    if (setupError) throw setupError;
    const startedAt = performance.now();
    try {
      const request = api(path.startsWith(baseHref) ? path : `${baseHref}${path}`, {
        method,
        json,
        signal,
        // Not 'error': that fails like an unreachable service. 'manual' hands the redirect back
        // unread (an opaque redirect in browsers), and it is reported as what it is.
        redirect: 'manual',
        // Only when given: `hooks: undefined` would drop the instance's hooks, the key with them.
        ...(onRetry && { hooks: { beforeRetry: [() => onRetry()] } }),
      });
      if (onPiece) return await readTextInPieces(await request, onPiece);
      if (maxBytes === undefined) return await request.text();
      return await readTextAtMost(await request, maxBytes, timeoutMs);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (isApiError(error)) throw error;
      if (isHTTPError(error) && isRedirect(error.response)) {
        throw ownApiError('unexpected_response', 'redirect', [origin], {
          status: error.response.status || undefined,
          cause: error,
        });
      }
      if (isHTTPError(error)) {
        throw apiErrorFromResponse(error.response.status, error.data, error.response.headers);
      }
      if (isTimeoutError(error)) {
        const waited = (performance.now() - startedAt) / 1000;
        throw ownApiError('timeout', 'timeout', [origin, waited], { cause: error });
      }
      // fetch() rejects with a TypeError when no answer arrives; ky names only the ones it knows.
      if (isNetworkError(error) || error instanceof TypeError) {
        throw ownApiError('network', 'unreachable', [origin], { cause: error });
      }
      throw error;
    }
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    schema: ZodMiniType<T>,
    { emptyIsFine = false, ...options }: SendOptions = {},
  ): Promise<T> {
    return parseAnswer((await receive(method, path, options)) ?? '', schema, emptyIsFine);
  }

  const linkUrl = (shortUrl: string) => `v1/links/${linkPath(shortUrl)}`;

  /** The next page's URL, only under the API base URL: the key is never sent anywhere else. */
  function nextPageUrl(current: string, next: NextPage): string {
    if ('query' in next) {
      const url = new URL(current);
      for (const [name, value] of Object.entries(next.query)) url.searchParams.set(name, value);
      return url.href;
    }
    const url = URL.parse(next.url, current);
    if (url === null || !url.href.startsWith(baseHref) || url.username || url.password) {
      throw ownApiError('unexpected_response', 'nextPageElsewhere', [
        url?.origin ?? next.url,
        origin,
      ]);
    }
    url.hash = '';
    return url.href;
  }

  return {
    createLink: async (input, { signal } = {}) =>
      send('post', 'v1/links', LinkResponse, { signal, json: toCreateLinkBody(input) }),

    async listLinks({ signal, onProgress, firstScreen } = {}) {
      const links = new Map<string, Link>();
      const seen = new Set<string>();
      let url = `${baseHref}v1/links`;
      for (let pages = 1; ; pages++) {
        seen.add(url);
        const early = pages === 1 && firstScreen ? showFirstRowsOnArrival(firstScreen) : undefined;
        const page = await send('get', url, LinkPageRows, { signal, onPiece: early?.onPiece });
        if (page.pageIsIncomplete) {
          throw ownApiError('unexpected_response', 'moreLinksNoNext');
        }
        const read = await readListRows(page.rows, {
          signal,
          firstScreen: pages === 1 && !page.next && !early?.shown() ? firstScreen : undefined,
        });
        // Pages of a changing list can overlap; a link is listed once.
        for (const link of read) links.set(link.shortUrl, link);
        if (!page.next || pages >= MAX_LIST_PAGES) break;
        onProgress?.({ loaded: links.size, total: page.total });
        const next = nextPageUrl(url, page.next);
        if (seen.has(next)) break;
        url = next;
      }
      return [...links.values()];
    },

    getLink: async (shortUrl, { signal } = {}) =>
      send('get', linkUrl(shortUrl), LinkResponse, { signal }),

    updateLink: async (shortUrl, changes, { signal } = {}) =>
      send('put', linkUrl(shortUrl), LinkResponse, { signal, json: toUpdateLinkBody(changes) }),

    async deleteLink(shortUrl, { signal } = {}) {
      let retried = false;
      try {
        return await send('delete', linkUrl(shortUrl), DeleteResponse, {
          signal,
          emptyIsFine: true,
          onRetry: () => {
            retried = true;
          },
        });
      } catch (error) {
        // The first attempt deleted the link but its answer was lost; the retry finds it gone.
        if (retried && isApiError(error) && error.kind === 'not_found') return { message: '' };
        throw error;
      }
    },

    listDomains: async ({ signal } = {}) =>
      send('get', 'v1/domains', DomainListResponse, { signal }),

    async getLinkStats(shortUrl, days, { signal } = {}) {
      try {
        return await send('get', `${linkUrl(shortUrl)}/stats?days=${days}`, LinkStats, { signal });
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return undefined;
        throw error;
      }
    },

    readServiceOffer: ({ signal } = {}) =>
      offerOfContractAnswer(
        receive('get', 'v1/openapi.json', { signal, maxBytes: MAX_CONTRACT_BYTES }),
      ),

    call: (method, path, schema, options) => send(method, path, schema, options),
  };
}
