// Several instances: redirects per second and create p99 for SQLite with one instance, PostgreSQL
// with one and with two, beside the bare node:http 302 server in the same run. Every server runs
// in a process of its own; PostgreSQL is a throw-away cluster (test/support/postgres-cluster.ts).
// The machine's cores are shared by the load generator (this process), the instances and
// PostgreSQL, so the CPU time each took during the redirect runs is measured too (Linux /proc).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openStorage } from '../../server/storage/open-storage.ts';
import { createDatabase, startPostgresCluster } from '../support/postgres-cluster.ts';
import { serveArgs } from './bench-service.ts';
import { load, median, type Server, spawnServer } from './service-bench.ts';

type Setup = {
  name: 'sqlite-1' | 'postgres-1' | 'postgres-2';
  db: string;
  servers: Server[];
  key: string;
};

export type InstanceFigures = {
  name: Setup['name'];
  redirectsPerSecond: number;
  createP99Ms: number;
  createsPerSecond: number;
  clicksCounted: number;
  redirectsSent: number;
  /** Cores used during its redirect runs (median): the instances, PostgreSQL, the load generator. */
  cores: { instances: number; postgres: number; loadGenerator: number };
};

export type InstancesFigures = {
  setups: InstanceFigures[];
  bareRedirectsPerSecond: number;
  rounds: number;
};

/** CPU seconds a process has used so far (user + system), or 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The same load on every server of a setup at once, its connections split among them. */
async function loadAll(
  servers: Server[],
  options: (server: Server) => autocannon.Options,
): Promise<autocannon.Result[]> {
  return Promise.all(servers.map((server) => load(options(server))));
}

export async function benchInstances(seconds: number, rounds = 2): Promise<InstancesFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-instances-'));
  // Commits acknowledged once in the log (PostgreSQL's default), as a self-hoster runs it; fsync
  // stays off in this throw-away cluster, as SQLite's synchronous=normal does not sync per commit.
  const cluster = await startPostgresCluster({ durable: true });
  const setups: Setup[] = [];
  const bare = await spawnServer(['test/bench/bare-302.ts']);
  try {
    for (const [name, count] of [
      ['sqlite-1', 1],
      ['postgres-1', 1],
      ['postgres-2', 2],
    ] as const) {
      const db =
        name === 'sqlite-1' ? path.join(dir, 'bench.db') : (await createDatabase(cluster.url)).url;
      const seed = await openStorage(db);
      const key = await createAccount(seed, 'bench@example.com');
      await seed.close();
      const servers: Server[] = [];
      for (let i = 0; i < count; i++) servers.push(await spawnServer(serveArgs(db)));
      setups.push({ name, db, servers, key });
    }

    const figures = new Map<Setup['name'], { creates: autocannon.Result[] }>();
    for (const setup of setups) {
      const headers = { authorization: `Bearer ${setup.key}`, 'content-type': 'application/json' };
      const creates = await loadAll(setup.servers, (server) => ({
        url: `http://127.0.0.1:${server.port}/v1/links`,
        method: 'POST',
        headers,
        body: JSON.stringify({ destination_url: 'https://example.com/benchmark', title: 'Bench' }),
        connections: Math.round(50 / setup.servers.length),
        duration: seconds,
      }));
      figures.set(setup.name, { creates });
      const first = setup.servers[0] as Server;
      const hot = await fetch(`http://127.0.0.1:${first.port}/v1/links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          destination_url: 'https://example.com/redirected',
          back_half: 'hot',
        }),
      });
      if (hot.status !== 200)
        throw new Error(`${setup.name}: creating the hot link: ${hot.status}`);
    }

    // Rounds alternate the bare server and the setups, so that drift in the machine's speed hits
    // every one alike.
    const bares: number[] = [];
    const redirects = new Map<
      Setup['name'],
      { perSecond: number[]; sent: number; cores: InstanceFigures['cores'][] }
    >();
    for (const setup of setups) redirects.set(setup.name, { perSecond: [], sent: 0, cores: [] });
    for (let round = 0; round < rounds; round++) {
      const bareRun = await load({
        url: `http://127.0.0.1:${bare.port}/hot`,
        connections: 50,
        duration: seconds,
      });
      bares.push(bareRun.requests.average);
      for (const setup of setups) {
        const servers = setup.servers.map((server) => server.child.pid as number);
        const postgres = setup.name === 'sqlite-1' ? [] : cluster.processIds();
        const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
        const before = { servers: sum(servers), postgres: sum(postgres), self: process.cpuUsage() };
        const started = performance.now();
        const runs = await loadAll(setup.servers, (server) => ({
          url: `http://127.0.0.1:${server.port}/hot`,
          headers: { host: `localhost:${server.port}` },
          connections: Math.round(50 / setup.servers.length),
          duration: seconds,
        }));
        const wall = (performance.now() - started) / 1000;
        const self = process.cpuUsage(before.self);
        const postgresAfter = setup.name === 'sqlite-1' ? [] : cluster.processIds();
        const entry = redirects.get(setup.name) as NonNullable<ReturnType<typeof redirects.get>>;
        entry.cores.push({
          instances: (sum(servers) - before.servers) / wall,
          // Backends that ended during the run are missed; the pools keep theirs open.
          postgres: (sum(postgresAfter) - before.postgres) / wall,
          loadGenerator: (self.user + self.system) / 1e6 / wall,
        });
        for (const run of runs) {
          const statuses = Object.keys(run.statusCodeStats ?? {});
          if (run.errors > 0 || statuses.join() !== '302') {
            throw new Error(`${setup.name} redirects: ${run.errors} errors, statuses ${statuses}`);
          }
          // Requests still in flight when a run stops are served (and counted) too: `sent`.
          entry.sent += run.requests.sent;
        }
        entry.perSecond.push(runs.reduce((total, run) => total + run.requests.average, 0));
      }
    }

    // Stopped (SIGTERM writes what is held), then the clicks are read from the database.
    const results: InstanceFigures[] = [];
    for (const setup of setups) {
      await Promise.all(setup.servers.map((server) => server.stop()));
      setup.servers = [];
      const store = await openStorage(setup.db);
      const owner = await store.keyOwner(hashApiKey(setup.key));
      const hot = await store.linkOf(owner?.accountId as number, '', 'hot');
      await store.close();
      const entry = redirects.get(setup.name) as NonNullable<ReturnType<typeof redirects.get>>;
      const creates = figures.get(setup.name)?.creates ?? [];
      const cores = (key: keyof InstanceFigures['cores']) => median(entry.cores.map((c) => c[key]));
      results.push({
        name: setup.name,
        redirectsPerSecond: median(entry.perSecond),
        // Two runs at once: the slower one's p99 stands for both.
        createP99Ms: Math.max(...creates.map((run) => run.latency.p99)),
        createsPerSecond: creates.reduce((total, run) => total + run.requests.average, 0),
        clicksCounted: hot?.clicks ?? Number.NaN,
        redirectsSent: entry.sent,
        cores: {
          instances: cores('instances'),
          postgres: cores('postgres'),
          loadGenerator: cores('loadGenerator'),
        },
      });
    }
    return { setups: results, bareRedirectsPerSecond: median(bares), rounds };
  } finally {
    await Promise.all([
      bare.stop(),
      ...setups.flatMap((setup) => setup.servers.map((s) => s.stop())),
    ]);
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
