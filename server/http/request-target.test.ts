// A path with dot segments is refused before anything reads it, and the refusal is logged and
// counted like any request: `/v1/health/../links` must not pass for a health check.
// SQLite only: the path is read before the store is.
import { request } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createMetrics, serveMetrics } from '../ops/metrics.ts';
import { createStructuredLogger } from '../shared/structured-log.ts';
import { hasDotSegment } from './request-target.ts';

let t: TestService | undefined;
let metricsServer: Server | undefined;
afterEach(async () => {
  await t?.stop();
  metricsServer?.close();
  t = undefined;
  metricsServer = undefined;
});

/** A request whose path is sent exactly as given (as `curl --path-as-is` does). */
function asIs(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('a path with dot segments', () => {
  it.each([
    ['/v1/health/../links', true],
    ['/v1/health/%2e%2e/links', true],
    ['/v1/health/.%2E/links', true],
    ['/v1/health/./live', true],
    ['/v1/links/%2E', true],
    ['/v1/links/a..b/c', false],
    ['/v1/links/...', false],
    ['/v1/links?next=/../x', false],
  ])('%s has one: %s', (path, expected) => {
    expect(hasDotSegment(path)).toBe(expected);
  });

  it('is refused with a problem, logged and counted, and creates nothing', async () => {
    const text: string[] = [];
    const logger = createStructuredLogger({
      format: 'json',
      stream: { write: (chunk: string) => void text.push(chunk) },
    });
    const metrics = createMetrics();
    metricsServer = await serveMetrics(metrics, { port: 0 });
    const metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
    t = await startTestService({ logger, metrics });
    const key = await t.createAccount('dots@example.com');
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ destination_url: 'https://example.com/dots' });

    for (const path of ['/v1/health/../links', '/v1/health/%2e%2e/links']) {
      const answer = await asIs(t.baseUrl, path, { method: 'POST', headers, body });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        code: 'invalid_path',
        message: 'The path must not contain "." or ".." segments: send the endpoint\'s own path.',
      });
    }
    expect((await api(t.baseUrl, key).list()).body.links).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = text
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { path: string; status: number });
    expect(lines.map(({ path, status }) => [path, status])).toEqual([
      ['/v1/health/../links', 400],
      ['/v1/health/%2e%2e/links', 400],
      ['/v1/links', 200],
    ]);
    const scrape = await (await fetch(metricsUrl)).text();
    expect(scrape).toContain(
      'shortlink_http_request_duration_seconds_count{route="other",status="400"} 2',
    );
  });
});
