// Small helpers for the service's tests: requests to the real service over HTTP.
import { type Agent, request } from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: the tests check answers field by field.
export type Answer = { status: number; headers: Headers; body: any };

export type CallOptions = { key?: string | null; raw?: string; headers?: Record<string, string> };

/** One HTTP call; `body` is sent as JSON unless `raw` gives the exact bytes. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let payload: string | undefined = options.raw;
  if (payload === undefined && body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: payload,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed };
}

/** Calls on behalf of one API key. */
export function apiAs(baseUrl: string, key: string) {
  return {
    create: (body: unknown) => call(baseUrl, 'POST', '/v1/links', body, { key }),
    list: () => call(baseUrl, 'GET', '/v1/links', undefined, { key }),
    get: (id: string) => call(baseUrl, 'GET', `/v1/links/${id}`, undefined, { key }),
    update: (id: string, body: unknown) => call(baseUrl, 'PUT', `/v1/links/${id}`, body, { key }),
    remove: (id: string) => call(baseUrl, 'DELETE', `/v1/links/${id}`, undefined, { key }),
    domains: () => call(baseUrl, 'GET', '/v1/domains', undefined, { key }),
    call: (method: string, path: string, body?: unknown, options: CallOptions = {}) =>
      call(baseUrl, method, path, body, { key, ...options }),
  };
}

/** The path identifier of a short URL: `localhost:1234/abc`. */
export const idOf = (shortUrl: string) => shortUrl.replace(/^https?:\/\//, '');

export const MILLIS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;

/**
 * A GET or HEAD with a chosen Host header (fetch does not let a caller set Host), as a browser
 * sends to a custom domain.
 */
export function requestWithHost(
  port: number,
  path: string,
  host: string,
  options: { method?: 'GET' | 'HEAD'; agent?: Agent } = {},
): Promise<{ status: number; location: string | undefined }> {
  const { method = 'GET', agent } = options;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path, method, agent, headers: { host } },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
