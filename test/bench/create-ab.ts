// This tree's service beside another build's (`--baseline DIR`, a checkout of another commit with
// its node_modules), under the create load of service-bench.ts (50 connections on SQLite), runs
// alternating so that whatever else the machine runs meanwhile hits both alike. Each service is
// warmed first (COLD_START_SECONDS of creates, not counted). Prints each run, then the medians:
// p50, p99, creates a second and the service's CPU time per create (the least noisy of them).
// `--list` measures GET /v1/links of 10,000 links instead, alternating request by request.
//
//   node test/bench/create-ab.ts --baseline DIR [--rounds 4] [--seconds 8] [--list]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { seedListLinks, serveArgs } from './bench-service.ts';
import { COLD_START_SECONDS, load, median, type Server, spawnServer } from './service-bench.ts';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    list: { type: 'boolean', default: false },
  },
});
if (!values.baseline) throw new Error('Name the other build with --baseline DIR.');

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux). */
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-create-ab-'));
const builds = [
  { name: 'baseline', root: path.resolve(values.baseline) },
  { name: 'this tree', root: path.resolve('.') },
];
const services: { name: string; server: Server; key: string }[] = [];
try {
  for (const [i, build] of builds.entries()) {
    const dbFile = path.join(dir, `${i}.db`);
    const seed = await openSqliteStorage(dbFile);
    const key = await createAccount(seed, `ab${i}@example.com`);
    if (values.list) {
      await seedListLinks(seed, (await seed.keyOwner(hashApiKey(key)))?.accountId as number);
    }
    await seed.close();
    const server = await spawnServer(serveArgs(dbFile, path.join(build.root, 'server/cli.ts')));
    services.push({ name: build.name, server, key });
  }
  const creates = (service: (typeof services)[number], duration: number) =>
    load({
      url: `http://127.0.0.1:${service.server.port}/v1/links`,
      method: 'POST',
      headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        destination_url: 'https://example.com/benchmark',
        title: 'Benchmark',
      }),
      connections: 50,
      duration,
    });
  const results = new Map(
    services.map((service) => [
      service.name,
      { p50: [] as number[], p99: [] as number[], perSecond: [] as number[], cpu: [] as number[] },
    ]),
  );
  if (values.list) {
    const times = new Map(services.map((service) => [service.name, [] as number[]]));
    for (let round = 0; round < 3 + Number(values.rounds) * 5; round++) {
      for (const service of round % 2 ? [...services].reverse() : services) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${service.server.port}/v1/links`, {
          headers: { authorization: `Bearer ${service.key}`, 'accept-encoding': 'br' },
        });
        const body = (await response.json()) as { links: unknown[] };
        if (body.links.length !== 10_000) throw new Error(`listed ${body.links.length} links`);
        // The first rounds warm both services.
        if (round >= 3) times.get(service.name)?.push(performance.now() - started);
      }
    }
    for (const [name, each] of times)
      console.log(
        `${name}: list 10,000 links, median of ${each.length}: ${median(each).toFixed(1)} ms`,
      );
  } else {
    for (const service of services) await creates(service, COLD_START_SECONDS);
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const service of round % 2 ? [...services].reverse() : services) {
        const pid = service.server.child.pid as number;
        const cpuBefore = cpuMicros(pid);
        const run = await creates(service, Number(values.seconds));
        const cpu = (cpuMicros(pid) - cpuBefore) / run.requests.total;
        const figures = results.get(service.name);
        figures?.p50.push(run.latency.p50);
        figures?.p99.push(run.latency.p99);
        figures?.perSecond.push(run.requests.average);
        figures?.cpu.push(cpu);
        console.log(
          `round ${round + 1}, ${service.name}: p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${run.requests.average.toFixed(0)}/s, ${cpu.toFixed(0)} µs CPU a create (load average ${loadavg()[0]?.toFixed(1)})`,
        );
      }
    }
    for (const [name, figures] of results) {
      console.log(
        `${name}, medians of ${figures.p99.length}: p50 ${median(figures.p50)} ms, p99 ${median(figures.p99)} ms, ${median(figures.perSecond).toFixed(0)}/s, ${median(figures.cpu).toFixed(0)} µs CPU a create`,
      );
    }
  }
} finally {
  await Promise.all(services.map(({ server }) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
}
