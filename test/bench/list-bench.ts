// Big lists beside redirects: redirect p95 while 20,000 links are listed 10 times a second, beside
// the p95 with no list, and the service's peak memory while it lists 200,000 links. The service
// runs in a child process; its peak resident memory is read from /proc (Linux).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { serveArgs } from './bench-service.ts';

export type BigListFigures = {
  redirectP95QuietMs: number;
  redirectP95ListingMs: number;
  listsAnswered: number;
  list200kBytes: number;
  list200kMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

/** A database with one account of `count` links, written in one transaction; returns its key. */
async function seed(dbFile: string, count: number): Promise<{ key: string; probeKey: string }> {
  const store = await openSqliteStorage(dbFile);
  const key = await createAccount(store, 'lister@example.com');
  const accountId = (await store.keyOwner(hashApiKey(key)))?.accountId as number;
  // The probe's link is another account's: its clicks leave the listed links unchanged.
  const probeKey = await createAccount(store, 'probe@example.com');
  const probeAccount = (await store.keyOwner(hashApiKey(probeKey)))?.accountId as number;
  await store.close();
  const db = new DatabaseSync(dbFile);
  const insert = db.prepare(
    `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
     VALUES (?, '', ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    insert.run(
      accountId,
      `l${i}`,
      `https://example.com/articles/${i}/a-fairly-typical-article-slug?utm_source=newsletter`,
      `A typical article title, number ${i}`,
      now - i * 1000,
    );
  }
  insert.run(probeAccount, 'probe', 'https://example.com/probe', '', now);
  db.exec('COMMIT');
  db.close();
  return { key, probeKey };
}

export async function serve(dbFile: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, serveArgs(dbFile), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /Listening on (http:\/\/localhost:\d+)/.exec(chunk.toString());
      if (match) resolve(match[1] as string);
    });
  });
  return { child, baseUrl };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One GET over HTTP: status, bytes on the wire (undecoded) and milliseconds. */
export function timedGet(
  url: string,
  options: { agent?: Agent; headers?: Record<string, string> } = {},
): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: options.agent, headers: options.headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] as number;
};

/**
 * One redirect at a time, 10 ms apart, for `seconds`: each one's latency. `alongside` is called
 * before each one with the time since the start.
 */
async function probeRedirects(
  baseUrl: string,
  seconds: number,
  alongside: (elapsedMs: number) => void = () => {},
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    alongside(performance.now() - started);
    const answer = await timedGet(`${baseUrl}/probe`, { agent });
    if (answer.status !== 302) throw new Error(`redirect probe: ${answer.status}`);
    latencies.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  agent.destroy();
  return latencies;
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export async function benchBigLists(seconds: number): Promise<BigListFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-bench-lists-'));
  try {
    // Redirect p95 with and without 20,000 links listed 10 times a second (brotli, as a browser asks).
    const small = await seed(path.join(dir, 'lists-20k.db'), 20_000);
    const service = await serve(path.join(dir, 'lists-20k.db'));
    let quiet: number[];
    let listing: number[];
    const lists: Promise<{ status: number }>[] = [];
    try {
      quiet = await probeRedirects(service.baseUrl, seconds);
      const agent = new Agent({ keepAlive: true });
      // Ten lists a second on a schedule, caught up before each probe, so that this process
      // running late does not ask for fewer.
      listing = await probeRedirects(service.baseUrl, seconds, (elapsed) => {
        while (lists.length < Math.floor(elapsed / 100) + 1) {
          lists.push(
            timedGet(`${service.baseUrl}/v1/links`, {
              agent,
              headers: { authorization: `Bearer ${small.key}`, 'accept-encoding': 'br' },
            }),
          );
        }
      });
      const answered = await Promise.all(lists);
      if (answered.some((answer) => answer.status !== 200)) throw new Error('a list failed');
      agent.destroy();
    } finally {
      await stop(service.child);
    }

    // Peak memory while listing 200,000 links, uncompressed and compressed, two at a time.
    const big = await seed(path.join(dir, 'lists-200k.db'), 200_000);
    const bigService = await serve(path.join(dir, 'lists-200k.db'));
    try {
      const pid = bigService.child.pid as number;
      const before = memoryOf(pid);
      const url = `${bigService.baseUrl}/v1/links`;
      const auth = { authorization: `Bearer ${big.key}` };
      const answers = await Promise.all([
        timedGet(url, { headers: { ...auth, 'accept-encoding': 'identity' } }),
        timedGet(url, { headers: { ...auth, 'accept-encoding': 'br' } }),
      ]);
      const identity = await timedGet(url, { headers: { ...auth, 'accept-encoding': 'identity' } });
      if ([...answers, identity].some((answer) => answer.status !== 200)) {
        throw new Error('the 200,000-link list failed');
      }
      const after = memoryOf(pid);
      return {
        redirectP95QuietMs: p95(quiet),
        redirectP95ListingMs: p95(listing),
        listsAnswered: lists.length,
        list200kBytes: identity.bytes,
        list200kMs: identity.ms,
        rssBeforeMb: before.rssMb,
        rssPeakMb: after.peakMb,
      };
    } finally {
      await stop(bigService.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
