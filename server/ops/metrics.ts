// Prometheus metrics (prom-client) on a listener of their own, never the API's port, where
// `/metrics` is a back-half like any other. The hot path pays for plain additions and one
// histogram observation; the gauges are read only when scraped.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { ClickCounter } from '../clicks/clicks.ts';
import type { RedirectCache } from '../clicks/redirects.ts';
import { endpointOf } from '../http/routes.ts';
import type { Storage } from '../storage/storage.ts';
import { createCheckMetrics } from './check-metrics.ts';
import { isHealthProbe } from './health-routes.ts';

type Handler<R> = (req: IncomingMessage, res: ServerResponse) => R;

/** The API's route as the histogram names it: never a link's own path. */
const routeOf = (url = '') => endpointOf(url.split('?')[0] ?? '')?.label ?? 'other';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  // Plain numbers on the hot paths, handed to prom-client when scraped.
  let found = 0;
  let notFound = 0;
  let cacheHits = 0;
  let cacheMisses = 0;
  let clickWrites = 0;
  let clickWriteFailures = 0;
  let refusals = 0;
  let inFlight = 0;
  let watched: { clicks: ClickCounter; redirects: RedirectCache; poolSize: number } | undefined;

  new Counter({
    name: 'shortlink_redirects_total',
    help: 'Redirect requests answered, by whether the link was found.',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'found' }, found);
      this.inc({ result: 'not_found' }, notFound);
    },
  });
  new Counter({
    name: 'shortlink_redirect_cache_hits_total',
    help: 'Redirects of found links answered from memory, without reading the database.',
    registers,
    collect() {
      this.reset();
      this.inc(cacheHits);
    },
  });
  new Counter({
    name: 'shortlink_redirect_cache_misses_total',
    help: 'Redirects that had to read the database.',
    registers,
    collect() {
      this.reset();
      this.inc(cacheMisses);
    },
  });
  new Gauge({
    name: 'shortlink_redirect_cache_size',
    help: 'Redirect targets held in memory.',
    registers,
    collect() {
      this.set(watched?.redirects.size() ?? 0);
    },
  });
  new Gauge({
    name: 'shortlink_clicks_pending',
    help: 'Clicks counted in memory and not yet written to the database.',
    registers,
    collect() {
      let pending = 0;
      for (const count of watched?.clicks.pendingSnapshot().values() ?? []) pending += count;
      this.set(pending);
    },
  });
  new Counter({
    name: 'shortlink_click_writes_total',
    help: 'Writes of the clicks held in memory to the database.',
    registers,
    collect() {
      this.reset();
      this.inc(clickWrites);
    },
  });
  new Counter({
    name: 'shortlink_click_write_failures_total',
    help: 'Writes of clicks the database refused (the clicks stay in memory and are tried again).',
    registers,
    collect() {
      this.reset();
      this.inc(clickWriteFailures);
    },
  });
  new Counter({
    name: 'shortlink_rate_limit_refusals_total',
    help: 'API requests refused with 429 by a rate limit (per account or per address).',
    registers,
    collect() {
      this.reset();
      this.inc(refusals);
    },
  });
  new Gauge({
    name: 'shortlink_db_pool_size',
    help: 'Database connections this instance may open (1 for SQLite).',
    registers,
    collect() {
      this.set(watched?.poolSize ?? 0);
    },
  });
  new Gauge({
    name: 'shortlink_db_operations_in_flight',
    help: 'Database operations started and not finished: near the pool size, requests queue.',
    registers,
    collect() {
      this.set(inFlight);
    },
  });
  const durations = createLightHistogram(registry, {
    name: 'shortlink_http_request_duration_seconds',
    help: 'Time from a request to its answer, by route (redirect or the API route) and status.',
    labelNames: ['route', 'status'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  });
  const observe = (route: string, res: ServerResponse, started: number) =>
    durations.series(route, res.statusCode)((performance.now() - started) / 1000);
  return {
    registry,
    ...createCheckMetrics(registers),
    /** The gauges' sources, once the service has made them. */
    watch(sources: { clicks: ClickCounter; redirects: RedirectCache; poolSize: number }): void {
      watched = sources;
    },
    /** Counts redirects: found or not, from memory or the database, and how long they took. */
    instrumentRedirects(
      handle: Handler<Promise<void> | undefined>,
    ): Handler<Promise<void> | undefined> {
      // By status code, so the hot path builds no key to find its series.
      const recorders: ((seconds: number) => void)[] = [];
      const done = (res: ServerResponse, started: number) => {
        const status = res.statusCode;
        if (status === 302) found++;
        else if (status === 404) notFound++;
        recorders[status] ??= durations.series('redirect', status);
        recorders[status]((performance.now() - started) / 1000);
      };
      return (req, res) => {
        const started = performance.now();
        const answered = handle(req, res);
        if (answered === undefined) {
          if (res.statusCode === 302) cacheHits++;
          done(res, started);
          return undefined;
        }
        cacheMisses++;
        return answered.then(() => done(res, started));
      };
    },
    /** Times API requests (not health checks) by route and status; counts rate-limit refusals. */
    instrumentApi(handle: Handler<unknown>): Handler<void> {
      return (req, res) => {
        if (isHealthProbe(req.url)) {
          handle(req, res);
          return;
        }
        const started = performance.now();
        res.once('finish', () => {
          if (res.statusCode === 429) refusals++;
          observe(routeOf(req.url), res, started);
        });
        handle(req, res);
      };
    },
    /** The storage, with its operations in flight counted and its click writes too. */
    instrumentStorage(store: Storage): Storage {
      const wrapped = new Map<PropertyKey, unknown>();
      const tracked = <T>(answer: Promise<T>): Promise<T> => {
        inFlight++;
        return answer.finally(() => inFlight--);
      };
      return new Proxy(store, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          let wrapper = wrapped.get(property);
          if (!wrapper) {
            wrapper = (...args: unknown[]) => {
              const answer = value.apply(target, args);
              if (!(answer instanceof Promise)) return answer;
              if (property !== 'addClicks') return tracked(answer);
              return tracked(answer).then(
                (result) => {
                  clickWrites++;
                  return result;
                },
                (error: unknown) => {
                  clickWriteFailures++;
                  throw error;
                },
              );
            };
            wrapped.set(property, wrapper);
          }
          return wrapper;
        },
      });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * A histogram whose observation is a bucket search and two additions, handed to prom-client's
 * registry in its own shape when scraped. prom-client's Histogram.observe validates and hashes
 * the labels on every call: some 2 µs, which was 8 % of a redirect's time here.
 */
function createLightHistogram(
  registry: Registry,
  options: { name: string; help: string; labelNames: [string, string]; buckets: number[] },
) {
  const { name, help, labelNames, buckets } = options;
  type Series = { labels: Record<string, string | number>; counts: number[]; sum: number };
  const series = new Map<string, Series>();
  const recorders = new Map<string, (seconds: number) => void>();
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: { labels: object; value: number; metricName: string }[] = [];
      for (const { labels, counts, sum } of series.values()) {
        let cumulative = 0;
        buckets.forEach((le, i) => {
          cumulative += counts[i] ?? 0;
          values.push({
            labels: { ...labels, le },
            value: cumulative,
            metricName: `${name}_bucket`,
          });
        });
        const count = cumulative + (counts[buckets.length] ?? 0);
        values.push({
          labels: { ...labels, le: '+Inf' },
          value: count,
          metricName: `${name}_bucket`,
        });
        values.push({ labels, value: sum, metricName: `${name}_sum` });
        values.push({ labels, value: count, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
  return {
    /** The recorder of one series (made on first use, then reused). */
    series(first: string, second: number): (seconds: number) => void {
      const key = `${first} ${second}`;
      let record = recorders.get(key);
      if (!record) {
        const one: Series = {
          labels: { [labelNames[0]]: first, [labelNames[1]]: second },
          counts: new Array(buckets.length + 1).fill(0),
          sum: 0,
        };
        series.set(key, one);
        record = (seconds) => {
          let i = 0;
          while (i < buckets.length && seconds > (buckets[i] as number)) i++;
          one.counts[i] = (one.counts[i] as number) + 1;
          one.sum += seconds;
        };
        recorders.set(key, record);
      }
      return record;
    },
  };
}

/** What the service calls on its metrics; with metrics off, every call changes nothing. */
export type ServiceMetrics = Pick<
  Metrics,
  'watch' | 'instrumentRedirects' | 'instrumentApi' | 'instrumentStorage' | 'countCheck'
>;
export const NO_METRICS: ServiceMetrics = {
  watch() {},
  countCheck() {},
  instrumentRedirects: (handle) => handle,
  instrumentApi: (handle) => (req, res) => void handle(req, res),
  instrumentStorage: (store) => store,
};

/** The metrics listener could not start: the message says why and what to do. */
export class MetricsListenError extends Error {
  override name = 'MetricsListenError';
}

/** Serves `GET /metrics` on its own port; MetricsListenError when the port cannot be had. */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host?: string },
): Promise<Server> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Metrics are at /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
        res.end(text);
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('The metrics could not be collected.\n');
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, host, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new MetricsListenError(
      code === 'EADDRINUSE'
        ? `Metrics port ${options.port} on ${host} is already in use: stop what uses it or choose another with --metrics-port.`
        : `The metrics listener could not start on ${host}:${options.port} (${code ?? String(error)}): check --metrics-host and --metrics-port.`,
      { cause: error },
    );
  }
  server.unref();
  return server;
}
