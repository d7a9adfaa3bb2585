// Where the service's time goes under the create load of service-bench.ts (50 connections on
// SQLite): the service runs under `node --cpu-prof`, and the profile is summed by function (self
// and total) and by room of the code (server/<room>, or the package). With `--checker INTERVAL`
// (`off`, `1h`, `1m`), the load is the health bench's instead: redirects while the destination
// checker goes through 20,000 links (health-bench.ts). With `--statistics same|agents|visitors`,
// the load is the statistics bench's redirects with statistics on (stats-bench.ts): one browser's
// User-Agent, DISTINCT_USER_AGENTS of them in turn, or a client address of its own per redirect.
// The create load is measured on a warm service, as the service bench measures it: creates run
// for COLD_START_SECONDS first, and only the last `--seconds` of the profile are summed.
//
//   node test/bench/service-profile.ts [--seconds 8] [--save DIR] [--checker 1h] [--statistics same]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAccount } from '../../server/accounts/admin.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { DESKTOP } from '../support/visits.ts';
import { serveArgs } from './bench-service.ts';
import { HEALTH_BENCH_LINKS, seedHealthLinks } from './health-bench.ts';
import { COLD_START_SECONDS, load, spawnServer } from './service-bench.ts';
import { DISTINCT_USER_AGENTS, eachWith, hostileUserAgent } from './stats-bench.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    save: { type: 'string' },
    checker: { type: 'string' },
    statistics: { type: 'string' },
  },
});

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-profile-'));
const profileDir = values.save ? path.resolve(values.save) : dir;
const dbFile = path.join(dir, 'profile.db');
const serve = ['--cpu-prof', '--cpu-prof-dir', profileDir, ...serveArgs(dbFile)];
const duration = Number(values.seconds);
/** Seconds at the profile's end to sum (the measured run's); the whole profile when undefined. */
let summedFromEnd: number | undefined;
if (values.checker) {
  const site = await spawnServer(['test/bench/destination-site.ts']);
  await seedHealthLinks(dbFile, 'profile', site.port, HEALTH_BENCH_LINKS);
  const service = await spawnServer([
    ...serve,
    '--check-destinations',
    values.checker,
    '--check-private-destinations',
  ]);
  // As in the health bench: the checker's first claims come a second after it starts.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const result = await load({
    url: `http://127.0.0.1:${service.port}/hot`,
    headers: { host: `localhost:${service.port}` },
    connections: 50,
    duration,
  });
  await service.stop();
  await site.stop();
  console.log(
    `redirects, checker ${values.checker}: ${result.requests.average.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.non2xx} not 2xx)`,
  );
} else if (values.statistics) {
  const seed = await openSqliteStorage(dbFile);
  const key = await createAccount(seed, 'profile@example.com');
  await seed.close();
  const service = await spawnServer([
    '--cpu-prof',
    '--cpu-prof-dir',
    profileDir,
    'test/bench/service-in-process.ts',
    dbFile,
  ]);
  const made = await fetch(`http://127.0.0.1:${service.port}/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ destination_url: 'https://example.com/', back_half: 'hot' }),
  });
  if (!made.ok) throw new Error(`create: ${made.status}`);
  const requests = {
    same: undefined,
    agents: eachWith('user-agent', (n) => hostileUserAgent(n % DISTINCT_USER_AGENTS)),
    visitors: eachWith(
      'x-forwarded-for',
      (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ),
  }[values.statistics as 'same' | 'agents' | 'visitors'];
  const result = await load({
    url: `http://127.0.0.1:${service.port}/hot`,
    headers: {
      host: `localhost:${service.port}`,
      'user-agent': DESKTOP,
      referer: 'https://news.example/story',
    },
    connections: 50,
    duration,
    ...(requests ? { requests } : {}),
  });
  await service.stop();
  console.log(
    `redirects, statistics on (${values.statistics}): ${result.requests.average.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
} else {
  const seed = await openSqliteStorage(dbFile);
  const key = await createAccount(seed, 'profile@example.com');
  await seed.close();
  const service = await spawnServer(serve);
  const creates = (seconds: number) =>
    load({
      url: `http://127.0.0.1:${service.port}/v1/links`,
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        destination_url: 'https://example.com/benchmark',
        title: 'Benchmark',
      }),
      connections: 50,
      duration: seconds,
    });
  await creates(COLD_START_SECONDS);
  summedFromEnd = duration;
  const result = await creates(duration);
  await service.stop();
  console.log(
    `creates: ${result.requests.average.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (${result.non2xx} not 2xx)`,
  );
}

// One profile per thread (CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile): the main thread's
// is thread 0; the list and checkpoint workers write their own.
const file = readdirSync(profileDir).find((name) => /\.0\.\d+\.cpuprofile$/.test(name));
if (!file) throw new Error(`No CPU profile was written in ${profileDir}.`);
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

const root = path.resolve('.');
const where = (url: string) => {
  const file = url.replace('file://', '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return inPackage[1] as string;
  if (file.startsWith(root)) return path.relative(root, file).split('/').slice(0, 2).join('/');
  return file.startsWith('node:') ? 'node' : file || '(native)';
};
const label = ({ callFrame }: Node) =>
  `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${path.relative(root, callFrame.url.replace('file://', ''))}:${callFrame.lineNumber + 1}` : ''}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
const rooms = new Map<string, number>();
let all = 0;
const sampledUs = profile.timeDeltas.reduce((sum, us) => sum + us, 0);
const firstSummedUs = summedFromEnd === undefined ? 0 : sampledUs - summedFromEnd * 1e6;
let sampledSoFar = 0;
const NOT_RUNNING_US = 20_000;
let notRunning = 0;
profile.samples.forEach((id, at) => {
  const us = profile.timeDeltas[at] ?? 0;
  sampledSoFar += us;
  if (sampledSoFar < firstSummedUs) return;
  // The sampler takes one sample a millisecond or so; a gap far longer is time the thread did not
  // run at all (on a shared machine, other processes had the cores; seen: single gaps of 200 to
  // 800 ms), which would otherwise be charged to whatever function happened to be sampled next.
  if (us > NOT_RUNNING_US) {
    notRunning += us;
    return;
  }
  all += us;
  const leaf = byId.get(id) as Node;
  self.set(label(leaf), (self.get(label(leaf)) ?? 0) + us);
  const seen = new Set<string>();
  let room: string | undefined;
  for (let node: Node | undefined = leaf; node; node = byId.get(parent.get(node.id) ?? -1)) {
    const name = label(node);
    if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + us);
    seen.add(name);
    // The innermost frame of our own code names the room the time was spent for.
    const place = where(node.callFrame.url);
    if (room === undefined && (place.startsWith('server/') || place.startsWith('contract/')))
      room = place;
  }
  const key = room ?? where(leaf.callFrame.url);
  rooms.set(key, (rooms.get(key) ?? 0) + us);
});
const top = (times: Map<string, number>, count: number) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `  ${((us / all) * 100).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(
  `\nprofile: ${path.join(profileDir, file)}, ${(all / 1e6).toFixed(1)} s sampled; gaps of more than ${NOT_RUNNING_US / 1000} ms between samples (the thread not running), left out: ${(notRunning / 1e6).toFixed(2)} s`,
);
console.log(`\nby room (innermost frame of server/ on the stack):\n${top(rooms, 15)}`);
console.log(`\nself time:\n${top(self, 25)}`);
console.log(`\ntotal time:\n${top(total, 40)}`);
