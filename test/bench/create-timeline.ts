// When the slow creates of the service bench happen: the create load (50 connections on SQLite, as
// in service-bench.ts) on one freshly started service, `--runs` times in a row, each create's
// latency kept with the moment it started. Prints each run's p50 / p99, then the p99 of each half
// second, the CPU the load generator and the service used, and the machine's load; with
// `--trace-gc`, the service's garbage collections longer than `--gc-ms` beside them.
//
//   node test/bench/create-timeline.ts [--runs 3] [--seconds 8] [--trace-gc] [--gc-ms 5]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createAccount } from '../../server/accounts/admin.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { serveArgs } from './bench-service.ts';
import { spawnServer } from './service-bench.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    'trace-gc': { type: 'boolean', default: false },
    'gc-ms': { type: 'string', default: '5' },
  },
});

/** CPU time (user + system) a process has used so far, in µs, from /proc (Linux). */
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
};
const ms = (value: number) => value.toFixed(1).padStart(6);

const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-timeline-'));
const dbFile = path.join(dir, 'timeline.db');
const seed = await openSqliteStorage(dbFile);
const key = await createAccount(seed, 'timeline@example.com');
await seed.close();
const service = await spawnServer([
  ...(values['trace-gc'] ? ['--trace-gc'] : []),
  ...serveArgs(dbFile),
]);
const pid = service.child.pid as number;

try {
  for (let run = 0; run < Number(values.runs); run++) {
    /** [start, latency] of each create, in ms from the run's start. */
    const creates: [number, number][] = [];
    const collections: string[] = [];
    const started = performance.now();
    const onOutput = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        const pause = /(Scavenge|Mark-Compact|Minor)[^,]*,.*?, ([\d.]+) \/ [\d.]+ ms/.exec(line);
        if (pause && Number(pause[2]) >= Number(values['gc-ms']))
          collections.push(
            `${(performance.now() - started).toFixed(0)} ms: ${pause[1]} ${pause[2]} ms`,
          );
      }
    };
    service.child.stdout?.on('data', onOutput);
    const ownCpu = process.cpuUsage();
    const serviceCpu = cpuMicros(pid);
    await new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `http://127.0.0.1:${service.port}/v1/links`,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            destination_url: 'https://example.com/benchmark',
            title: 'Benchmark',
          }),
          connections: 50,
          duration: Number(values.seconds),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('response', (_client, _status, _bytes, latency) =>
        creates.push([performance.now() - started - latency, latency]),
      );
    });
    service.child.stdout?.off('data', onOutput);
    const wall = (performance.now() - started) * 1000;
    const generator = process.cpuUsage(ownCpu);
    const latencies = creates.map(([, latency]) => latency);
    console.log(
      `run ${run + 1}: ${creates.length} creates, p50 ${ms(percentile(latencies, 0.5))} ms, p99 ${ms(percentile(latencies, 0.99))} ms, max ${ms(Math.max(...latencies))} ms; CPU: load generator ${(((generator.user + generator.system) / wall) * 100).toFixed(0)} %, service ${(((cpuMicros(pid) - serviceCpu) / wall) * 100).toFixed(0)} % of a core; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const halves = new Map<number, number[]>();
    for (const [start, latency] of creates) {
      const half = Math.max(0, Math.floor(start / 500));
      halves.set(half, [...(halves.get(half) ?? []), latency]);
    }
    for (const [half, inHalf] of [...halves].sort((a, b) => a[0] - b[0])) {
      console.log(
        `  ${(half / 2).toFixed(1).padStart(4)} s  ${String(inHalf.length).padStart(5)} creates  p50 ${ms(percentile(inHalf, 0.5))}  p99 ${ms(percentile(inHalf, 0.99))}  max ${ms(Math.max(...inHalf))} ms`,
      );
    }
    if (collections.length > 0) console.log(`  collections: ${collections.join('; ')}`);
  }
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
