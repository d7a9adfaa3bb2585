// The command line: `serve` as a real child process (restart, SIGTERM), and the admin commands.
// SQLite only: it opens the database files the commands write to check them (the command line on
// PostgreSQL: storage/instances.postgres.test.ts).
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectTimeToStartProcesses, STARTS_PROCESSES } from '../test/support/service-process.ts';
import {
  api,
  backHalfOf,
  expectProblem,
  type LinkJson,
  rawRequest,
} from '../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../test/support/test-service.ts';
import { SCHEMA_VERSION } from './storage/sqlite/schema.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = /^slk_[A-Za-z0-9_-]{32}$/;

type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the command line; `input` is written to its standard input, which is then closed. */
function runCli(args: string[], input = '', timeout = 0): Promise<CliResult> {
  expectTimeToStartProcesses();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { encoding: 'utf8', timeout },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

/** `domain add` with the short domain it asks for (the service's own, as serve is given it). */
const DOMAIN_ADD = ['domain', 'add', '--short-domain', 'localhost:8787'];

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

type Served = { child: ChildProcess; baseUrl: string; port: number; exit: Promise<number | null> };
const children = new Set<ChildProcess>();

/**
 * `node server/cli.ts serve --port 0 --db FILE`, once it says where it listens; `viaNpm` starts it
 * as an operator does, with `npm run service -- serve …`.
 */
/** `viaNpm: 'group'` starts npm in a process group of its own, as a terminal's foreground job. */
async function serve(
  dbFile: string,
  viaNpm: boolean | 'group' = false,
): Promise<Served & { output(): string }> {
  expectTimeToStartProcesses();
  const args = ['serve', '--port', '0', '--db', dbFile];
  const child = viaNpm
    ? spawn('npm', ['run', '--silent', 'service', '--', ...args], {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
        detached: viaNpm === 'group',
      })
    : spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (http:\/\/localhost:\d+) \(/.exec(output);
      if (listening) resolve(listening[1] as string);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exit.then((code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, baseUrl, port: Number(new URL(baseUrl).port), exit, output: () => output };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-cli-test-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('serve', STARTS_PROCESSES, () => {
  it('keeps links and every click across SIGTERM and restart, flushing clicks held in memory', async () => {
    const dbFile = path.join(dir, 'restart.db');
    const created = await runCli([
      'account',
      'create',
      '--email',
      'keeper@example.com',
      '--db',
      dbFile,
    ]);
    expect(created.code).toBe(0);
    const key = lastLine(created.stdout);
    expect(
      (
        await runCli([
          ...DOMAIN_ADD,
          '--email',
          'keeper@example.com',
          '--host',
          'keep.localhost',
          '--db',
          dbFile,
        ])
      ).code,
    ).toBe(0);

    let served = await serve(dbFile);
    let client = api(served.baseUrl, key);
    await client.create({
      destination_url: 'https://example.com/a',
      back_half: 'kept-a',
      title: 'A',
    });
    const generated = (await client.create({ destination_url: 'https://example.com/b' })).body;
    await client.create({
      destination_url: 'https://example.com/c',
      back_half: 'kept-c',
      domain: 'keep.localhost',
    });
    /** The links as listed, with the port (new at each start) taken out of short_url. */
    const portless = (links: LinkJson[], port: number) =>
      links.map((link) => ({ ...link, short_url: link.short_url.replace(`:${port}/`, ':PORT/') }));
    const original = portless((await client.list()).body.links, served.port);

    const clicksPerRound = { 'kept-a': 300, [backHalfOf(generated.short_url)]: 120, 'kept-c': 60 };
    const expected: Record<string, number> = {};
    let roundsWithClicksOnlyInMemory = 0;
    for (let round = 1; round <= 3; round++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 50 });
      const db = new DatabaseSync(dbFile, { readOnly: true });
      const clicksOnDisk = db.prepare('SELECT sum(clicks) AS total FROM links');
      const answers = await Promise.all(
        Object.entries(clicksPerRound).flatMap(([backHalf, count]) =>
          Array.from({ length: count }, () =>
            rawRequest(served.baseUrl, `/${backHalf}`, {
              agent,
              host: backHalf === 'kept-c' ? `keep.localhost:${served.port}` : undefined,
            }),
          ),
        ),
      );
      // SIGTERM at once, and read what the database holds at that moment: clicks missing
      // there are only in the service's memory, and only the shutdown flush can save them.
      served.child.kill('SIGTERM');
      const onDisk = Number((clicksOnDisk.get() as { total: number }).total);
      db.close();
      expect(answers.map((answer) => answer.status)).toEqual(Array(480).fill(302));

      expect(await served.exit).toBe(0);
      expect(served.output()).toContain('SIGTERM: stopping after the requests in flight');
      agent.destroy();
      for (const [backHalf, count] of Object.entries(clicksPerRound)) {
        expected[backHalf] = (expected[backHalf] ?? 0) + count;
      }
      if (onDisk < 480 * round) roundsWithClicksOnlyInMemory++;

      served = await serve(dbFile);
      client = api(served.baseUrl, key);
      const { body } = await client.list();
      expect(
        Object.fromEntries(body.links.map((link) => [backHalfOf(link.short_url), link.clicks])),
      ).toEqual(expected);
    }
    expect(roundsWithClicksOnlyInMemory).toBeGreaterThan(0);

    const { body } = await client.list();
    expect(portless(body.links, served.port)).toEqual(
      original.map((link) => ({ ...link, clicks: expected[backHalfOf(link.short_url)] })),
    );
    expect((await client.domains()).body.domains.map((d) => d.domain)).toEqual(['keep.localhost']);
    const redirect = await rawRequest(served.baseUrl, '/kept-c', { host: 'keep.localhost' });
    expect(redirect.headers.location).toBe('https://example.com/c');

    served.child.kill('SIGTERM');
    expect(await served.exit).toBe(0);
    // Four starts of a service process, each of which lists (and so starts its list worker):
    // 16 to 20 s at a load of 20 on two cores, beyond the default 20 s limit when busier.
  });

  it('stops on SIGTERM or SIGINT sent to `npm run service`, freeing its port', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const served = await serve(path.join(dir, `npm-${signal}.db`), true);
      served.child.kill(signal);
      await served.exit;
      // npm is gone; the service it started must be gone with it, its port free.
      const refused = await new Promise<boolean>((resolve) => {
        const deadline = Date.now() + 5_000;
        const probe = () =>
          rawRequest(served.baseUrl, '/v1/health/live').then(
            () => (Date.now() > deadline ? resolve(false) : setTimeout(probe, 100)),
            () => resolve(true),
          );
        probe();
      });
      expect(refused, `${signal}: the service still answers on ${served.baseUrl}`).toBe(true);
    }
  });

  it('stops cleanly on a Ctrl-C in a terminal, which reaches the service twice: from the terminal and from npm', async () => {
    const served = await serve(path.join(dir, 'npm-group.db'), 'group');
    process.kill(-(served.child.pid as number), 'SIGINT');
    // Before, the repeat killed the service while it closed: npm then died of the signal too.
    expect(await served.exit, served.output()).toBe(0);
    expect(served.output().match(/SIGINT: stopping/g)).toHaveLength(1);
  });

  it('answers while whoever reads its log has stopped reading, and loses no line of it on SIGTERM', async () => {
    const served = await serve(path.join(dir, 'slow-log-reader.db'));
    // The reader stops: the pipe fills (64 kB) with request lines of long paths, then more.
    served.child.stdout?.pause();
    const longPath = (n: number) => `/v1/${n}-${'x'.repeat(2000)}`;
    const agent = new Agent({ keepAlive: true });
    let sent = 0;
    const started = performance.now();
    for (; sent < 100; sent++) {
      expect((await rawRequest(served.baseUrl, longPath(sent), { agent })).status).toBe(401);
    }
    // A synchronous log write waited on the full pipe: every request after the 30th hung.
    expect(performance.now() - started).toBeLessThan(10_000);
    agent.destroy();
    served.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    served.child.stdout?.resume();
    expect(await served.exit).toBe(0);
    const lines = served
      .output()
      .split('\n')
      .filter((line) => line.includes('xxxxxxxxxx'));
    expect(lines.map((line) => /\/v1\/(\d+)-/.exec(line)?.[1])).toEqual(
      Array.from({ length: sent }, (_, n) => String(n)),
    );
    expect(served.output()).toContain('SIGTERM: stopping');
  });

  it('refuses to start on a port in use, with a message', async () => {
    const dbFile = path.join(dir, 'busy.db');
    const served = await serve(dbFile);
    try {
      const second = await runCli(['serve', '--port', String(served.port), '--db', dbFile]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`Port ${served.port} is already in use`);
    } finally {
      served.child.kill('SIGTERM');
      expect(await served.exit).toBe(0);
    }
  });
});

describe('admin commands', STARTS_PROCESSES, () => {
  let dbFile: string;
  let t: TestService;

  const cli = (...args: string[]) => runCli([...args, '--db', dbFile]);
  /** The command line with `input` on its standard input. */
  const cliWithInput = (input: string, ...args: string[]) =>
    runCli([...args, '--db', dbFile], input);

  /** What the admin commands change, counted straight from the database. */
  function counts() {
    const db = new DatabaseSync(dbFile, { readOnly: true });
    try {
      return db
        .prepare(
          `SELECT (SELECT count(*) FROM accounts) AS accounts,
             (SELECT count(*) FROM accounts WHERE plan = 'paid') AS paid,
             (SELECT count(*) FROM api_keys WHERE revoked_at IS NULL) AS liveKeys,
             (SELECT count(*) FROM domains) AS domains`,
        )
        .get();
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    dbFile = path.join(dir, 'admin.db');
    // The service runs on the same database file while the commands change it.
    t = await startTestService({ dbFile });
    expect((await cli('account', 'create', '--email', 'exists@example.com')).code).toBe(0);
    expect(
      (await cli(...DOMAIN_ADD, '--email', 'exists@example.com', '--host', 'taken.example.com'))
        .code,
    ).toBe(0);
  }, STARTS_PROCESSES.timeout);
  afterAll(async () => {
    await t.stop();
  });

  it('account create prints the API key on its last line, and the key works at once', async () => {
    const { code, stdout, stderr } = await cli('account', 'create', '--email', 'new@example.com');
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('new@example.com');
    expect(stdout).toContain('paid plan');
    const key = lastLine(stdout);
    expect(key).toMatch(API_KEY);
    expect(await api(t.baseUrl, key).list()).toMatchObject({ status: 200 });
  });

  it('stores only a hash of the key, never the key itself', async () => {
    const key = lastLine((await cli('account', 'create', '--email', 'hashed@example.com')).stdout);
    const db = new DatabaseSync(dbFile, { readOnly: true });
    const hashes = db.prepare('SELECT key_hash FROM api_keys').all() as { key_hash: string }[];
    db.close();
    for (const { key_hash } of hashes) {
      expect(key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(key_hash).not.toContain(key.slice(4));
    }
  });

  it('account create --plan free gives a key that gets 403, until account plan makes it paid', async () => {
    const created = await cli('account', 'create', '--email', 'free@example.com', '--plan', 'free');
    expect(created.stdout).toContain('free plan');
    const client = api(t.baseUrl, lastLine(created.stdout));
    expectProblem(await client.list(), 403, 'paid_plan_required');

    const upgraded = await cli('account', 'plan', '--email', 'free@example.com', '--plan', 'paid');
    expect(upgraded.code).toBe(0);
    expect((await client.list()).status).toBe(200);
  });

  it('key revoke makes the key answer 401 at once; key create gives another that works', async () => {
    const key = lastLine((await cli('account', 'create', '--email', 'revoke@example.com')).stdout);
    const client = api(t.baseUrl, key);
    expect((await client.list()).status).toBe(200);

    const revoked = await cli('key', 'revoke', '--key', key);
    expect(revoked).toMatchObject({ code: 0, stdout: 'Revoked.\n' });
    const answer = await client.list();
    expectProblem(answer, 401, 'unauthorized');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer\b/);

    const another = await cli('key', 'create', '--email', 'revoke@example.com');
    expect(another.code).toBe(0);
    expect(lastLine(another.stdout)).toMatch(API_KEY);
    expect((await api(t.baseUrl, lastLine(another.stdout)).list()).status).toBe(200);
  });

  it('key revoke --key - reads the key from standard input, so it is never an argument', async () => {
    const key = lastLine((await cli('account', 'create', '--email', 'stdin@example.com')).stdout);
    const client = api(t.baseUrl, key);
    expect((await client.list()).status).toBe(200);

    const revoked = await cliWithInput(`${key}\n`, 'key', 'revoke', '--key', '-');
    expect(revoked).toEqual({ code: 0, stdout: 'Revoked.\n', stderr: '' });
    expectProblem(await client.list(), 401, 'unauthorized');
  });

  it('key create prints the key on standard output only, ready to pipe into key revoke --key -', async () => {
    await cli('account', 'create', '--email', 'piped@example.com');
    const created = await cli('key', 'create', '--email', 'piped@example.com');
    expect(created.code).toBe(0);
    expect(created.stderr).toBe('');
    const key = lastLine(created.stdout);
    expect(key).toMatch(API_KEY);
    expect((await api(t.baseUrl, key).list()).status).toBe(200);

    // The whole output, sentence and all, piped in: the key is its last line.
    const revoked = await cliWithInput(created.stdout, 'key', 'revoke', '--key', '-');
    expect(revoked.code).toBe(0);
    expectProblem(await api(t.baseUrl, key).list(), 401, 'unauthorized');
  });

  it('key revoke with the key as an argument still works, and says how to keep it out of sight', async () => {
    const key = lastLine((await cli('account', 'create', '--email', 'argv@example.com')).stdout);
    const revoked = await cli('key', 'revoke', '--key', key);
    expect(revoked.code).toBe(0);
    expect(revoked.stderr).toMatch(/shell history.*--key -/);
    expect(revoked.stderr).not.toContain(key);
  });

  it('domain add makes the domain appear in GET /v1/domains and usable for links', async () => {
    const key = lastLine((await cli('account', 'create', '--email', 'brand@example.com')).stdout);
    const added = await cli(
      'domain',
      'add',
      '--short-domain',
      t.shortDomain,
      '--email',
      'brand@example.com',
      '--host',
      'Go.Brand.example.',
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added');

    const client = api(t.baseUrl, key);
    const { body } = await client.domains();
    expect(body.domains).toEqual([
      {
        domain: 'go.brand.example',
        subdomain: 'go',
        root_domain: 'brand.example',
        created_at: expect.stringMatching(/\+00:00$/),
      },
    ]);
    const link = await client.create({
      destination_url: 'https://example.com/',
      back_half: 'branded',
      domain: 'go.brand.example',
    });
    expect(link.body.short_url).toBe('https://go.brand.example/branded');
  });

  it('domain set gives a domain its fallbacks at once, domain list shows them, an empty one clears it', async () => {
    await cli('account', 'create', '--email', 'fallback@example.com');
    await cli(
      ...DOMAIN_ADD,
      '--email',
      'fallback@example.com',
      '--host',
      'go.cli-fallback.example',
    );
    const set = await cli(
      'domain',
      'set',
      '--short-domain',
      t.shortDomain,
      '--host',
      'go.cli-fallback.example',
      '--not-found-url',
      'https://www.cli-fallback.example/missing',
      '--root-url',
      'https://www.cli-fallback.example/',
    );
    expect(set).toEqual({
      code: 0,
      stdout:
        'go.cli-fallback.example: unknown back-halves go to https://www.cli-fallback.example/missing, the root to https://www.cli-fallback.example/.\n',
      stderr: '',
    });
    const host = 'go.cli-fallback.example';
    expect((await rawRequest(t.baseUrl, '/nope', { host })).headers.location).toBe(
      'https://www.cli-fallback.example/missing',
    );
    expect((await rawRequest(t.baseUrl, '/', { host })).headers.location).toBe(
      'https://www.cli-fallback.example/',
    );
    const cleared = await cli(
      'domain',
      'set',
      '--short-domain',
      t.shortDomain,
      '--host',
      host,
      '--root-url',
      '',
    );
    expect(cleared.code).toBe(0);
    expect((await rawRequest(t.baseUrl, '/', { host })).status).toBe(200);
    const listed = await cli('domain', 'list');
    expect(listed.stdout).toContain(
      'go.cli-fallback.example (fallback@example.com): unknown back-halves go to https://www.cli-fallback.example/missing, the root to the home page\n',
    );
    const refused = await cli(
      'domain',
      'set',
      '--short-domain',
      t.shortDomain,
      '--host',
      host,
      '--root-url',
      `http://${t.shortDomain}/`,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^The address of --root-url is on [^\n]*\.\n$/);
  });

  it('links delete-expired says how many it deleted, or with --dry-run would; a bad --before is one sentence', async () => {
    const dryRun = await cli('links', 'delete-expired', '--dry-run');
    expect(dryRun).toEqual({
      code: 0,
      stdout:
        'Would delete 0 links that have ended (expiry passed or click limit reached); nothing was deleted (--dry-run).\n',
      stderr: '',
    });
    const before = await cli('links', 'delete-expired', '--before', '2026-01-31');
    expect(before).toMatchObject({
      code: 0,
      stdout: 'Deleted 0 links that ended before 2026-01-31.\n',
    });

    // A link the running service holds in memory as ended: once deleted by the command line (another
    // process), the service hears of it and answers 404 within a second.
    const key = lastLine((await cli('account', 'create', '--email', 'sweep@example.com')).stdout);
    const created = await api(t.baseUrl, key).create({
      destination_url: 'https://example.com/once',
      max_clicks: 1,
    });
    const backHalf = backHalfOf(created.body.short_url);
    expect((await rawRequest(t.baseUrl, `/${backHalf}`)).status).toBe(302);
    expect((await rawRequest(t.baseUrl, `/${backHalf}`)).status).toBe(410);
    await vi.waitFor(async () => expect((await t.storedLinks(key))[0]?.clicks).toBe(1));
    expect(await cli('links', 'delete-expired')).toMatchObject({
      code: 0,
      stdout: 'Deleted 1 link that has ended (expiry passed or click limit reached).\n',
    });
    await vi.waitFor(
      async () => expect((await rawRequest(t.baseUrl, `/${backHalf}`)).status).toBe(404),
      { timeout: 1_000, interval: 50 },
    );

    expect(await cli('links', 'delete-expired', '--before', 'last week')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '--before must be a date such as 2026-01-31 or an instant with its offset such as 2026-01-31T12:00:00Z, not "last week".\n',
    });
  });

  it('migrate brings a new database to the current schema, and again changes nothing', async () => {
    const fresh = path.join(dir, 'migrate.db');
    const first = await runCli(['migrate', '--db', fresh]);
    expect(first).toMatchObject({
      code: 0,
      stdout: `${fresh} is at schema version ${SCHEMA_VERSION}.\n`,
    });
    const second = await runCli(['migrate', '--db', fresh]);
    expect(second).toMatchObject({
      code: 0,
      stdout: `${fresh} is at schema version ${SCHEMA_VERSION}.\n`,
    });
    const db = new DatabaseSync(fresh, { readOnly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    db.close();
    expect(tables).toEqual([
      'account_stats',
      'accounts',
      'api_keys',
      'click_stats',
      'domains',
      'link_click_totals',
      'link_tags',
      'links',
      'sqlite_sequence',
      'tags',
      'visitor_keys',
      'visitor_marks',
    ]);
  });

  it('migrate run by several processes at once migrates once, and each one says so', async () => {
    const shared = path.join(dir, 'migrate-together.db');
    const results = await Promise.all([1, 2, 3].map(() => runCli(['migrate', '--db', shared])));
    for (const result of results) {
      expect(result).toMatchObject({
        code: 0,
        stdout: `${shared} is at schema version ${SCHEMA_VERSION}.\n`,
      });
    }
  });

  it('refuses a GeoIP database that is not a file, or far larger than one, at once', async () => {
    const fifo = path.join(dir, 'geoip.fifo');
    execFileSync('mkfifo', [fifo]);
    const huge = path.join(dir, 'huge.mmdb');
    writeFileSync(huge, '');
    truncateSync(huge, 300_000_000);
    for (const [file, says] of [
      [
        fifo,
        `The GeoIP database ${fifo} is a named pipe, not a file: give a GeoLite2-Country .mmdb file.`,
      ],
      [
        '/dev/zero',
        'The GeoIP database /dev/zero is a device, not a file: give a GeoLite2-Country .mmdb file.',
      ],
      [
        huge,
        `The GeoIP database ${huge} is 300 MB, larger than any GeoLite2-Country file (at most 256 MB): give a GeoLite2-Country .mmdb file.`,
      ],
    ]) {
      const result = await runCli(
        ['serve', '--port', '0', '--db', path.join(dir, 'geoip.db'), '--geoip', file as string],
        '',
        10_000,
      );
      expect(result).toEqual({ code: 1, stdout: '', stderr: `${says}\n` });
    }
    expect(existsSync(path.join(dir, 'geoip.db'))).toBe(false);
  });

  it('links health prints the counts per destination state, of one account or of all', async () => {
    const withoutDomain = await cli('links', 'health');
    expect(withoutDomain.code).toBe(1);
    expect(withoutDomain.stderr).toMatch(
      /^Name the short domain the service serves with --short-domain/,
    );
    const health = (...args: string[]) =>
      cli('links', 'health', '--short-domain', 'localhost:8080', ...args);
    const one = await health('--email', 'exists@example.com');
    expect(one).toEqual({
      code: 0,
      stdout:
        'Destinations of 0 links (exists@example.com):\n  ok 0, redirected 0, broken 0, unreachable 0, unchecked 0\n',
      stderr: '',
    });
    const all = await health();
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/^Destinations of \d+ links? \(all accounts\):\n {2}ok \d+, /);
    const unknown = await health('--email', 'nobody@example.com');
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'No account with the email nobody@example.com.\n',
    });
  });

  it('refuses a --check-destinations that is neither off nor an interval, at once', async () => {
    const result = await runCli(
      ['serve', '--port', '0', '--db', path.join(dir, 'interval.db'), '--check-destinations', '5'],
      '',
      10_000,
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '--check-destinations must be off or an interval of at least a minute, as 24h, 90m or 2d, not "5".\n',
    });
    expect(existsSync(path.join(dir, 'interval.db'))).toBe(false);
  });

  it('refuses a --no-track-param that is no query parameter name, or the QR marker, at once', async () => {
    const results = await Promise.all(
      ['no track', 'qr'].map((name) =>
        runCli(
          ['serve', '--port', '0', '--db', path.join(dir, 'no-track.db'), '--no-track-param', name],
          '',
          20_000,
        ).then((result) => ({ name, result })),
      ),
    );
    for (const { name, result } of results) {
      expect(result, name).toEqual({
        code: 1,
        stdout: '',
        stderr: `--no-track-param must be a query parameter's name of letters, digits, -, _, . or ~ (at most 64), other than qr, not "${name}".\n`,
      });
    }
    expect(existsSync(path.join(dir, 'no-track.db'))).toBe(false);
  });

  it('prints its usage with --help and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
    expect(stdout).toContain('account create --email E');
  });

  it.each([
    { args: ['account', 'create'], says: /^--email is required\./ },
    {
      args: ['account', 'create', '--email', 'not-an-email'],
      says: /^Not an email address: not-an-email/,
    },
    {
      args: ['account', 'create', '--email', 'exists@example.com'],
      says: /^An account with exists@example\.com exists\./,
    },
    {
      args: ['account', 'create', '--email', 'x@example.com', '--plan', 'gold'],
      says: /^--plan must be paid or free\./,
    },
    { args: ['account', 'create', '--emial', 'x@example.com'], says: /^Unknown option '--emial'/ },
    { args: ['account', 'create', '--email'], says: /'--email'/ },
    {
      args: ['account', 'plan', '--email', 'nobody@example.com', '--plan', 'free'],
      says: /^No account with the email nobody@example\.com\./,
    },
    {
      args: ['key', 'create', '--email', 'nobody@example.com'],
      says: /^No account with the email/,
    },
    { args: ['key', 'revoke'], says: /^--key is required\./ },
    { args: ['key', 'revoke', '--key', 'slk_neverIssued'], says: /No live API key matches/ },
    {
      args: ['key', 'revoke', '--key', '-'],
      says: /^--key - reads the key from standard input, which was empty\./,
    },
    { args: [...DOMAIN_ADD, '--email', 'exists@example.com'], says: /^--host is required\./ },
    {
      args: [...DOMAIN_ADD, '--email', 'exists@example.com', '--host', 'https://x.example.com/'],
      says: /^Not a host name: https:\/\/x\.example\.com\//,
    },
    {
      args: [...DOMAIN_ADD, '--email', 'exists@example.com', '--host', 'nodot'],
      says: /^Not a host name/,
    },
    ...[
      ['192.168.0.10', /^192\.168\.0\.10 is an IP address: a custom domain must be a host name/],
      ['127.0.0.1.', /is an IP address/],
      ['::1', /is an IP address/],
      ['[2001:db8::1]', /is an IP address/],
      ['1.2.3.4.5', /is an IP address/],
      ['go.example.123', /^Not a host name: go\.example\.123/],
      ['under_score.example.com', /^Not a host name/],
      ['go.-dash.example.com', /^Not a host name/],
      ['dash-.example.com', /^Not a host name/],
      ['two..dots.example', /^Not a host name/],
      ['go.example.com:8080', /^Not a host name/],
      ['bücher.example', /^Not a host name/],
      [`${'a'.repeat(64)}.example.com`, /^Not a host name/],
    ].map(([host, says]) => ({
      args: [...DOMAIN_ADD, '--email', 'exists@example.com', '--host', host as string],
      says: says as RegExp,
    })),
    {
      args: [...DOMAIN_ADD, '--email', 'exists@example.com', '--host', 'taken.example.com'],
      says: /^The domain taken\.example\.com is taken\./,
    },
    {
      args: [...DOMAIN_ADD, '--email', 'nobody@example.com', '--host', 'free.example.com'],
      says: /^No account with the email/,
    },
    {
      args: ['domain', 'add', '--email', 'exists@example.com', '--host', 'new.example.com'],
      says: /^Name the short domain the service serves with --short-domain HOST\[:PORT\] \(or SHORTLINK_SHORT_DOMAIN\)[^\n]*\.\n$/,
    },
    {
      args: [
        'domain',
        'add',
        '--email',
        'exists@example.com',
        '--host',
        's.example.com',
        '--short-domain',
        's.example.com',
      ],
      says: /default short domain/,
    },
    { args: ['frobnicate'], says: /^Unknown command "frobnicate"/ },
    {
      args: ['account', 'delete', '--email', 'exists@example.com'],
      says: /^Unknown command "account delete"/,
    },
    { args: ['serve', '--port', '70000'], says: /^--port must be 0-65535\./ },
    { args: ['serve', '--port', 'eighty'], says: /^--port must be 0-65535\./ },
    { args: ['serve', '--rate-limit=-5'], says: /^--rate-limit must be a whole number\./ },
    { args: ['serve', '--db-pool', '0'], says: /^--db-pool must be at least 1\./ },
    {
      args: ['serve', '--trusted-proxy', '10.0.0.2,proxy.internal'],
      says: /^--trusted-proxy takes IP addresses, separated by commas\./,
    },
    {
      args: ['serve', '--port', '0', '--geoip', '/nonexistent/GeoLite2-Country.mmdb'],
      says: /^The GeoIP database \/nonexistent\/GeoLite2-Country\.mmdb could not be read \(.*\)\. Give a GeoLite2-Country \.mmdb file\.$/m,
    },
    {
      args: ['serve', '--port', '0', '--geoip', 'package.json'],
      says: /^The GeoIP database package\.json could not be read/,
    },
  ])('exits 1 with a message and changes nothing for $args', async ({ args, says }) => {
    const before = counts();
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(1);
    expect(stderr).toMatch(says);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).not.toMatch(/slk_/);
    expect(counts()).toEqual(before);
  });
});
