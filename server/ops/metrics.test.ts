// Prometheus metrics on their own port: exact redirect counts, the API's timings and refusals,
// never on the API's port, and a taken port said in one sentence.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, STARTS_PROCESSES } from '../../test/support/service-process.ts';
import { api, backHalfOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { createMetrics, MetricsListenError, serveMetrics } from './metrics.ts';

let t: TestService | undefined;
let metricsServer: Server | undefined;
afterEach(async () => {
  await t?.stop();
  metricsServer?.close();
  t = undefined;
  metricsServer = undefined;
});

async function measuredService(options: { addressRateLimitPerMinute?: number } = {}) {
  const metrics = createMetrics();
  metricsServer = await serveMetrics(metrics, { port: 0 });
  const metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  t = await startTestService({ ...options, metrics });
  return { service: t, metricsUrl };
}

/** The value of one sample (`name{labels} value`) in a scrape, 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('the metrics', () => {
  it('count exactly the redirects made between two scrapes, found and not found', async () => {
    const { service, metricsUrl } = await measuredService();
    const client = api(service.baseUrl, await service.createAccount('metrics@example.com'));
    const { body: link } = await client.create({ destination_url: 'https://example.com/a' });
    const backHalf = backHalfOf(link.short_url);
    await rawRequest(service.baseUrl, `/${backHalf}`); // loads the cache

    const before = await (await fetch(metricsUrl)).text();
    for (let i = 0; i < 37; i++) await rawRequest(service.baseUrl, `/${backHalf}`);
    for (let i = 0; i < 5; i++) await rawRequest(service.baseUrl, '/nothing-here');
    const after = await (await fetch(metricsUrl)).text();

    const delta = (series: string) => sample(after, series) - sample(before, series);
    expect(delta('shortlink_redirects_total{result="found"}')).toBe(37);
    expect(delta('shortlink_redirects_total{result="not_found"}')).toBe(5);
    expect(delta('shortlink_redirect_cache_hits_total')).toBe(37);
    expect(sample(after, 'shortlink_redirect_cache_size')).toBe(1);
    expect(
      delta('shortlink_http_request_duration_seconds_count{route="redirect",status="302"}'),
    ).toBe(37);
    expect(
      sample(
        after,
        'shortlink_http_request_duration_seconds_count{route="/v1/links",status="200"}',
      ),
    ).toBe(1);
    for (const name of [
      'shortlink_clicks_pending',
      'shortlink_click_writes_total',
      'shortlink_click_write_failures_total',
      'shortlink_rate_limit_refusals_total',
      'shortlink_db_pool_size',
      'shortlink_db_operations_in_flight',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(after).toMatch(new RegExp(`^${name}`, 'm'));
    }
  });

  it('show clicks pending until they are written, then the write', async () => {
    const { service, metricsUrl } = await measuredService();
    const client = api(service.baseUrl, await service.createAccount('pending@example.com'));
    const { body: link } = await client.create({ destination_url: 'https://example.com/b' });
    const writesBefore = sample(
      await (await fetch(metricsUrl)).text(),
      'shortlink_click_writes_total',
    );
    for (let i = 0; i < 3; i++) await rawRequest(service.baseUrl, `/${backHalfOf(link.short_url)}`);
    // The clicks are written every 200 ms: pending now, or already written.
    const now = await (await fetch(metricsUrl)).text();
    const pending = sample(now, 'shortlink_clicks_pending');
    expect([0, 3]).toContain(pending);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const later = await (await fetch(metricsUrl)).text();
    expect(sample(later, 'shortlink_clicks_pending')).toBe(0);
    expect(sample(later, 'shortlink_click_writes_total')).toBeGreaterThan(writesBefore);
  });

  it('count rate-limit refusals', async () => {
    const { service, metricsUrl } = await measuredService({ addressRateLimitPerMinute: 3 });
    const client = api(service.baseUrl, 'slk_wrong');
    for (let i = 0; i < 5; i++) await client.list();
    const text = await (await fetch(metricsUrl)).text();
    expect(sample(text, 'shortlink_rate_limit_refusals_total')).toBe(2);
  });

  it('are never served on the API port, where /metrics is a back-half like any other', async () => {
    const { service } = await measuredService();
    const answer = await rawRequest(service.baseUrl, '/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('Link not found');
  });

  it('refuse a taken port in one sentence', STARTS_PROCESSES, async () => {
    const metrics = createMetrics();
    metricsServer = await serveMetrics(metrics, { port: 0 });
    const { port } = metricsServer.address() as AddressInfo;
    await expect(serveMetrics(createMetrics(), { port })).rejects.toThrow(
      new MetricsListenError(
        `Metrics port ${port} on 127.0.0.1 is already in use: stop what uses it or choose another with --metrics-port.`,
      ),
    );
    const served = await runCli([
      'serve',
      '--port',
      '0',
      '--db',
      ':memory:',
      '--metrics-port',
      String(port),
    ]);
    expect(served.code).not.toBe(0);
    expect(served.stderr.trim()).toBe(
      `Metrics port ${port} on 127.0.0.1 is already in use: stop what uses it or choose another with --metrics-port.`,
    );
  });
});
