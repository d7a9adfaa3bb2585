// Service benchmarks: create latency, redirects per second beside a bare node:http 302 server,
// and listing 10,000 links. The servers run in child processes so the load generator does not
// share their event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { seedListLinks, serveArgs } from './bench-service.ts';
import { timedGet } from './list-bench.ts';

export type Server = { child: ChildProcess; port: number; stop(): Promise<void> };

/** Runs `node …args` and resolves once it prints the port it listens on. */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Server> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /Listening on http:\/\/localhost:(\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    child,
    port,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function load(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** How long the creates run on the freshly started service before the measured run. */
export const COLD_START_SECONDS = 3;

export type ServiceFigures = {
  /** Creates in the first COLD_START_SECONDS after the service started (the JIT still compiling). */
  coldCreateP99Ms: number;
  createP50Ms: number;
  createP99Ms: number;
  createPerSecond: number;
  redirectsPerSecond: number;
  bareRedirectsPerSecond: number;
  /** Redirects of a link with an expiry and a click limit (both far off), in the same rounds. */
  expiringRedirectsPerSecond: number;
  /**
   * The service's CPU time per redirect of that link over a plain link's (medians of the same
   * rounds): on a shared machine redirects a second swing by half from run to run, this barely.
   */
  expiringCpuOverPlain: number;
  clicksCounted: number;
  redirectsAnswered: number;
  list10kMedianMs: number;
  list10kBytesBrotli: number;
  list10kBytesIdentity: number;
};

export async function benchService(seconds: number): Promise<ServiceFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-bench-'));
  const dbFile = path.join(dir, 'bench.db');
  const seed = await openSqliteStorage(dbFile);
  const key = await createAccount(seed, 'bench@example.com');
  const listKey = await createAccount(seed, 'list@example.com');
  await seedListLinks(seed, (await seed.keyOwner(hashApiKey(listKey)))?.accountId as number);
  await seed.close();

  const service = await spawnServer(serveArgs(dbFile));
  const bare = await spawnServer(['test/bench/bare-302.ts']);
  const serviceUrl = `http://127.0.0.1:${service.port}`;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  try {
    const creates = (duration: number) =>
      load({
        url: `${serviceUrl}/v1/links`,
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          destination_url: 'https://example.com/benchmark',
          title: 'Benchmark',
        }),
        connections: 50,
        duration,
      });
    // The first seconds after a start are the JIT's: create-timeline.ts saw the first half second's
    // creates wait 100 to 1,000 ms while the code is compiled, then the same service at its pace.
    // A service in use has been running for hours, so the budget is for a warm one; the cold start
    // is measured first and shown on a row of its own.
    const cold = await creates(COLD_START_SECONDS);
    const create = await creates(seconds);

    const target = (await (
      await fetch(`${serviceUrl}/v1/links`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          destination_url: 'https://example.com/redirected',
          back_half: 'hot',
        }),
      })
    ).json()) as { short_url: string };

    const expiring = await fetch(`${serviceUrl}/v1/links`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        destination_url: 'https://example.com/redirected',
        back_half: 'ends',
        expires_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
        max_clicks: 1_000_000_000,
        expired_url: 'https://example.com/ended',
      }),
    });
    if (expiring.status !== 200) throw new Error(`expiring link: ${expiring.status}`);

    // Alternate the servers and links so that drift in the machine's speed hits all alike.
    const ours: number[] = [];
    const bares: number[] = [];
    const endings: number[] = [];
    const cpuPerRedirect = { hot: [] as number[], ends: [] as number[] };
    let redirectsAnswered = 0;
    /** One run of redirects of a link of the service, checked: every answer a 302. */
    const redirectRun = async (backHalf: 'hot' | 'ends') => {
      const cpuBefore = cpuMicros(service.child.pid as number);
      const run = await load({
        url: `${serviceUrl}/${backHalf}`,
        headers: { host: `localhost:${service.port}` },
        connections: 50,
        duration: seconds,
      });
      const statuses = Object.keys(run.statusCodeStats ?? {});
      if (run.errors > 0 || statuses.join() !== '302') {
        throw new Error(`redirect run: ${run.errors} errors, statuses ${statuses.join(', ')}`);
      }
      cpuPerRedirect[backHalf].push(
        (cpuMicros(service.child.pid as number) - cpuBefore) / run.requests.total,
      );
      return run;
    };
    for (let round = 0; round < 2; round++) {
      const bareRun = await load({
        url: `http://127.0.0.1:${bare.port}/hot`,
        connections: 50,
        duration: seconds,
      });
      bares.push(bareRun.requests.average);
      // The plain and the expiring link take turns at going first: a later run is a warmer one.
      for (const backHalf of round % 2 ? (['ends', 'hot'] as const) : (['hot', 'ends'] as const)) {
        const run = await redirectRun(backHalf);
        if (backHalf === 'ends') {
          endings.push(run.requests.average);
          continue;
        }
        ours.push(run.requests.average);
        // Requests still in flight when a run stops are served but not counted by autocannon as
        // answered; `sent` includes them, and every one of them is a click.
        redirectsAnswered += run.requests.sent;
      }
    }
    const hot = (await (
      await fetch(`${serviceUrl}/v1/links/localhost:${service.port}/hot`, { headers: auth })
    ).json()) as { clicks: number; short_url: string };
    if (!target.short_url.endsWith('/hot')) throw new Error('unexpected create answer');

    const listTimes: number[] = [];
    let brotliBytes = 0;
    let identityBytes = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const response = await fetch(`${serviceUrl}/v1/links`, {
        headers: { authorization: `Bearer ${listKey}`, 'accept-encoding': 'br' },
      });
      const body = (await response.json()) as { links: unknown[] };
      listTimes.push(performance.now() - started);
      if (body.links.length !== 10_000) throw new Error(`listed ${body.links.length} links`);
    }
    // The list is streamed, with no Content-Length: count the bytes on the wire.
    for (const encoding of ['br', 'identity']) {
      const { bytes } = await timedGet(`${serviceUrl}/v1/links`, {
        headers: { authorization: `Bearer ${listKey}`, 'accept-encoding': encoding },
      });
      if (encoding === 'br') brotliBytes = bytes;
      else identityBytes = bytes;
    }

    return {
      coldCreateP99Ms: cold.latency.p99,
      createP50Ms: create.latency.p50,
      createP99Ms: create.latency.p99,
      createPerSecond: create.requests.average,
      redirectsPerSecond: median(ours),
      bareRedirectsPerSecond: median(bares),
      expiringRedirectsPerSecond: median(endings),
      expiringCpuOverPlain: median(cpuPerRedirect.ends) / median(cpuPerRedirect.hot),
      clicksCounted: hot.clicks,
      redirectsAnswered,
      list10kMedianMs: median(listTimes),
      list10kBytesBrotli: brotliBytes,
      list10kBytesIdentity: identityBytes,
    };
  } finally {
    await Promise.all([service.stop(), bare.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

export type DurabilityFigures = {
  normal: { p50Ms: number; p99Ms: number; perSecond: number };
  full: { p50Ms: number; p99Ms: number; perSecond: number };
  rounds: number;
};

/**
 * Create latency with SHORTLINK_SYNCHRONOUS=normal beside =full: two services on two files, runs
 * alternating so that drift in the machine's speed hits both alike; medians of the rounds.
 */
export async function benchDurability(seconds: number, rounds = 3): Promise<DurabilityFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-durability-'));
  const modes = ['normal', 'full'] as const;
  const keys: Record<string, string> = {};
  for (const mode of modes) {
    const seed = await openSqliteStorage(path.join(dir, `${mode}.db`));
    keys[mode] = await createAccount(seed, `${mode}@example.com`);
    await seed.close();
  }
  const servers = await Promise.all(
    modes.map((mode) =>
      spawnServer(
        [
          'server/cli.ts',
          'serve',
          '--port',
          '0',
          '--db',
          path.join(dir, `${mode}.db`),
          '--rate-limit',
          '0',
        ],
        { SHORTLINK_SYNCHRONOUS: mode },
      ),
    ),
  );
  const samples = { normal: [] as autocannon.Result[], full: [] as autocannon.Result[] };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [i, mode] of modes.entries()) {
        samples[mode].push(
          await load({
            url: `http://127.0.0.1:${servers[i]?.port}/v1/links`,
            method: 'POST',
            headers: { authorization: `Bearer ${keys[mode]}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              destination_url: 'https://example.com/durable',
              title: 'Durable',
            }),
            connections: 50,
            duration: seconds,
          }),
        );
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
  const figures = (runs: autocannon.Result[]) => ({
    p50Ms: median(runs.map((run) => run.latency.p50)),
    p99Ms: median(runs.map((run) => run.latency.p99)),
    perSecond: median(runs.map((run) => run.requests.average)),
  });
  return { normal: figures(samples.normal), full: figures(samples.full), rounds };
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second here).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export type MetricsCostFigures = {
  withoutMetricsPerSecond: number;
  withMetricsPerSecond: number;
  /**
   * The service's own CPU time per redirect answered: unlike redirects a second, barely moved by
   * what else the machine runs meanwhile.
   */
  withoutMetricsCpuMicros: number;
  withMetricsCpuMicros: number;
  barePerSecond: number;
  /** What the metrics' counter rose by over the runs, beside the redirects autocannon sent. */
  countedByMetrics: number;
  redirectsSent: number;
  rounds: number;
};

/**
 * Redirects per second with `--metrics-port` beside without (two services on two files, each
 * redirecting its own cached link) and the bare 302 server, runs alternating; medians of the rounds.
 */
export async function benchMetricsCost(seconds: number, rounds = 3): Promise<MetricsCostFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-metrics-bench-'));
  const setups = ['without', 'with'] as const;
  const servers: Server[] = [];
  let metricsUrl = '';
  try {
    for (const setup of setups) {
      const dbFile = path.join(dir, `${setup}.db`);
      const seed = await openSqliteStorage(dbFile);
      const key = await createAccount(seed, `${setup}@example.com`);
      const accountId = (await seed.keyOwner(hashApiKey(key)))?.accountId as number;
      await seed.insertLink(accountId, {
        domain: '',
        backHalf: 'hot',
        destinationUrl: 'https://example.com/redirected',
        title: '',
        createdAt: Date.now(),
      });
      await seed.close();
      const args = [
        'server/cli.ts',
        'serve',
        '--port',
        '0',
        '--db',
        dbFile,
        '--log-format',
        'json',
      ];
      if (setup === 'with') {
        const metricsPort = await freePort();
        args.push('--metrics-port', String(metricsPort));
        metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      }
      servers.push(await spawnServer(args));
    }
    servers.push(await spawnServer(['test/bench/bare-302.ts']));
    const [without, measured, bare] = servers as [Server, Server, Server];
    const found = async () => {
      const text = await (await fetch(metricsUrl)).text();
      return Number(/^shortlink_redirects_total\{result="found"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const runs = { without: [] as number[], with: [] as number[], bare: [] as number[] };
    const cpu = { without: [] as number[], with: [] as number[], bare: [] as number[] };
    let redirectsSent = 0;
    const before = await found();
    for (let round = 0; round < rounds; round++) {
      const order = [
        ['bare', bare],
        ['without', without],
        ['with', measured],
      ] as const;
      // Each round starts with the next setup: whatever the position costs, each pays it alike.
      const shift = round % order.length;
      for (const [name, server] of [...order.slice(shift), ...order.slice(0, shift)]) {
        const cpuBefore = cpuMicros(server.child.pid as number);
        const run = await load({
          url: `http://127.0.0.1:${server.port}/hot`,
          headers: { host: `localhost:${server.port}` },
          connections: 50,
          duration: seconds,
        });
        if (run.errors > 0 || Object.keys(run.statusCodeStats ?? {}).join() !== '302') {
          throw new Error(`${name} run: ${run.errors} errors`);
        }
        runs[name].push(run.requests.average);
        cpu[name].push((cpuMicros(server.child.pid as number) - cpuBefore) / run.requests.total);
        if (name === 'with') redirectsSent += run.requests.sent;
      }
    }
    // Requests still in flight when a run ends are answered a moment later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      withoutMetricsPerSecond: median(runs.without),
      withMetricsPerSecond: median(runs.with),
      withoutMetricsCpuMicros: median(cpu.without),
      withMetricsCpuMicros: median(cpu.with),
      barePerSecond: median(runs.bare),
      countedByMetrics: (await found()) - before,
      redirectsSent,
      rounds,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
