// The cost of link health to redirects (issue 35): redirects per second of a service whose
// destination checker is busy on 20,000 links beside one with the checker off, and the bare
// node:http 302 server, runs alternating; medians of the rounds. The checker's links lead to a
// local site on 16 loopback hosts (in a process of its own, on the same machine: its work is
// counted against the redirects too). Two paces: each link once an hour (24 times the default),
// and once a minute, the shortest interval, which keeps the checker's 8 requests busy throughout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { freePort, load, median, type Server, spawnServer } from './service-bench.ts';

export const HEALTH_BENCH_LINKS = 20_000;
const HOSTS = 16;

export type HealthCostFigures = {
  checkerOffPerSecond: number;
  /** Each link once an hour: 24 times the default pace, some 5.6 checks a second. */
  checkerHourlyPerSecond: number;
  /** Each link once a minute, the shortest interval: as many checks as 8 requests at once make. */
  checkerBusyPerSecond: number;
  barePerSecond: number;
  /** Checks stored a second during the redirect runs, by each checking service. */
  hourlyChecksPerSecond: number;
  busyChecksPerSecond: number;
  rounds: number;
};

/** An account with the redirect bench's `hot` link and `links` links to the destination site. */
export async function seedHealthLinks(
  dbFile: string,
  name: string,
  sitePort: number,
  links: number,
) {
  const store = await openSqliteStorage(dbFile);
  const key = await createAccount(store, `${name}@example.com`);
  const accountId = (await store.keyOwner(hashApiKey(key)))?.accountId as number;
  const now = Date.now();
  await store.insertLinks(accountId, [
    {
      domain: '',
      backHalf: 'hot',
      destinationUrl: 'https://example.com/redirected',
      title: '',
      createdAt: now,
    },
    ...Array.from({ length: links }, (_, i) => ({
      domain: '',
      backHalf: `checked${i}`,
      destinationUrl: `http://127.0.0.${2 + (i % HOSTS)}:${sitePort}/page/${i}`,
      title: '',
      createdAt: now,
    })),
  ]);
  await store.close();
}

export async function benchHealthCost(seconds: number, rounds = 2): Promise<HealthCostFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-health-bench-'));
  const servers: Server[] = [];
  try {
    const site = await spawnServer(['test/bench/destination-site.ts']);
    servers.push(site);
    const metricsPorts = { hourly: await freePort(), busy: await freePort() };
    const checking = (interval: string, metricsPort: number) => [
      '--check-destinations',
      interval,
      '--check-private-destinations',
      '--metrics-port',
      String(metricsPort),
    ];
    const setups = [
      ['off', ['--check-destinations', 'off']],
      ['hourly', checking('1h', metricsPorts.hourly)],
      ['busy', checking('1m', metricsPorts.busy)],
    ] as const;
    for (const [name, flags] of setups) {
      const dbFile = path.join(dir, `${name}.db`);
      await seedHealthLinks(dbFile, name, site.port, HEALTH_BENCH_LINKS);
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
      servers.push(await spawnServer([...args, ...flags]));
    }
    servers.push(await spawnServer(['test/bench/bare-302.ts']));
    const [, off, hourly, busy, bare] = servers as [Server, Server, Server, Server, Server];
    const checks = async (setup: 'hourly' | 'busy') => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPorts[setup]}/metrics`)).text();
      let total = 0;
      for (const match of text.matchAll(/^shortlink_destination_checks_total\{[^}]*\} (\d+)/gm)) {
        total += Number(match[1]);
      }
      return total;
    };
    const runs = {
      off: [] as number[],
      hourly: [] as number[],
      busy: [] as number[],
      bare: [] as number[],
    };
    const checked = { hourly: 0, busy: 0 };
    // The busy checker's first claims come a second after it starts: let it get going.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (let round = 0; round < rounds; round++) {
      const order = [
        ['bare', bare],
        ['off', off],
        ['hourly', hourly],
        ['busy', busy],
      ] as const;
      const shift = round % order.length;
      for (const [name, server] of [...order.slice(shift), ...order.slice(0, shift)]) {
        const checksBefore = name === 'busy' || name === 'hourly' ? await checks(name) : 0;
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
        if (name === 'busy' || name === 'hourly')
          checked[name] += (await checks(name)) - checksBefore;
      }
    }
    return {
      checkerOffPerSecond: median(runs.off),
      checkerHourlyPerSecond: median(runs.hourly),
      checkerBusyPerSecond: median(runs.busy),
      barePerSecond: median(runs.bare),
      hourlyChecksPerSecond: checked.hourly / (seconds * rounds),
      busyChecksPerSecond: checked.busy / (seconds * rounds),
      rounds,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
