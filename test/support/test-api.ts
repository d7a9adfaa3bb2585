// Typed calls to the service's API with fetch, and raw requests with node:http: shared by the
// service's Vitest tests and the Playwright browser tests (so nothing here imports a test runner).
import { type Agent, request } from 'node:http';
import type { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import type {
  DeleteAnswerJson,
  DomainListJson,
  ErrorBodyJson,
  LinkAnswerJson,
  LinkListJson,
} from '../../contract/wire.ts';

export type { DomainJson, LinkJson } from '../../contract/wire.ts';
/** An error answer of the service. */
export type ProblemJson = ErrorBodyJson;

/** An answer of the API; `body` has the success shape named by T (errors: see expectProblem). */
export type Answer<T> = { status: number; headers: Headers; body: T };

/** A request body: a string or bytes are sent as they are, anything else as JSON. */
export type RequestBody = string | Uint8Array | object;

/** Request helpers for one API key (no key: no Authorization header). */
export function api(baseUrl: string, key?: string) {
  async function send<T>(
    method: string,
    path: string,
    body?: RequestBody,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body:
        body === undefined || typeof body === 'string' || body instanceof Uint8Array
          ? (body as BodyInit | undefined)
          : JSON.stringify(body),
    });
    const text = await response.text();
    const answer = {
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as T,
    };
    // In the service's tests (not the browser tests), every answer must be as the published
    // OpenAPI document says.
    if (process.env.VITEST) {
      const { undescribedAnswer } = await import('./described-answers.ts');
      const problem = undescribedAnswer(method, path, answer.status, answer.body);
      if (problem) throw new Error(problem);
    }
    return answer;
  }

  return {
    send,
    create: (body: RequestBody, headers?: Record<string, string>) =>
      send<LinkAnswerJson>('POST', '/v1/links', body, headers),
    list: () => send<LinkListJson>('GET', '/v1/links'),
    /** `id` is the link identifier `<domain>/<back_half>` (see idOf). */
    retrieve: (id: string) => send<LinkAnswerJson>('GET', `/v1/links/${id}`),
    update: (id: string, body: RequestBody) => send<LinkAnswerJson>('PUT', `/v1/links/${id}`, body),
    remove: (id: string) => send<DeleteAnswerJson>('DELETE', `/v1/links/${id}`),
    domains: () => send<DomainListJson>('GET', '/v1/domains'),
    /** A link's click statistics; `days` as it goes in the query (a number or any text). */
    stats: (id: string, days?: number | string) =>
      send<LinkStatsAnswerJson>(
        'GET',
        `/v1/links/${id}/stats${days === undefined ? '' : `?days=${encodeURIComponent(days)}`}`,
      ),
  };
}

export type Api = ReturnType<typeof api>;

/** The path identifier of a short URL: `http://localhost:8787/abc` → `localhost:8787/abc`. */
export function idOf(shortUrl: string): string {
  return shortUrl.replace(/^https?:\/\//, '');
}

/** The back-half of a short URL. */
export function backHalfOf(shortUrl: string): string {
  return shortUrl.slice(shortUrl.lastIndexOf('/') + 1);
}

export type RawAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** A request outside the API (a redirect), with a Host header of our choosing. */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: {
    host?: string;
    method?: string;
    agent?: Agent;
    /** More request headers (User-Agent, Referer, …), sent as given. */
    headers?: Record<string, string>;
    /** A request body, sent as given (a form, say). */
    body?: string;
  } = {},
): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: { ...options.headers, host: options.host ?? url.host },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
