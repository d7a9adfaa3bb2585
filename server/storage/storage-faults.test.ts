// The service when its database fails under it, over real HTTP: locked by another connection, a
// disk that fills up, and files it cannot start on.
//
// The full disk and the read-only file are real: the service runs in a mount namespace of its own
// (`unshare --map-root-user --mount`, which needs no privilege where user namespaces are allowed,
// as here and in CI) on a 1 MiB tmpfs, or on a read-only bind mount. chmod would not do: CI runs
// as root, whom file modes do not stop. The test reaches into that namespace's files through
// /proc/<pid>/root (SQLite cannot open a database there: it resolves that link to the test's own
// root, so a connection to the service's file runs inside the namespace too).
//
// SQLite only: these are SQLite's faults (PostgreSQL going away: storage/restart.postgres.test.ts).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectTimeToStartProcesses,
  STARTS_PROCESSES,
} from '../../test/support/service-process.ts';
import { api, expectProblem, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService } from '../../test/support/test-service.ts';
import type { Logger } from '../shared/logger.ts';
import { openSqliteStorage } from './sqlite/queries.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));

let dir: string;
const children = new Set<ChildProcess>();
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-faults-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 8_000) {
  for (const giveUpAt = Date.now() + ms; Date.now() < giveUpAt; await sleep(50)) {
    if (await check()) return;
  }
  throw new Error(`Not seen within ${ms} ms: ${what}`);
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
  return { lines, logger };
}

describe('while another connection holds the write lock', () => {
  it('keeps redirecting without stalling, answers 503 to writes, and counts every click once it is free', async () => {
    const { lines, logger } = recordingLogger();
    const t = await startTestService({ logger });
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    try {
      const key = await t.createAccount('locked@example.com');
      const client = api(t.baseUrl, key);
      const warm = (
        await client.create({ destination_url: 'https://warm.example/', back_half: 'warm' })
      ).body;
      await client.create({ destination_url: 'https://cold.example/', back_half: 'cold' });
      expect((await rawRequest(t.baseUrl, '/warm', { agent })).status).toBe(302);
      await eventually(
        async () => (await t.storedLinks(key)).some((link) => link.clicks === 1),
        'first click',
      );

      // A backup, or an administrator's open transaction, on the same file.
      const other = new DatabaseSync(t.dbFile);
      other.exec('BEGIN IMMEDIATE');
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      let redirected = 0;
      let slowest = 0;
      try {
        const refused = await Promise.all([
          client.create({ destination_url: 'https://new.example/' }),
          client.update(idOf(warm.short_url), { title: 'Changed' }),
          client.remove(`localhost:${new URL(t.baseUrl).port}/cold`),
        ]);
        for (const answer of refused) {
          expectProblem(answer, 503, 'service_unavailable');
          expect(answer.headers.get('retry-after')).toBe('5');
        }

        // Two seconds of redirects, the cached link and one read from the database meanwhile.
        for (const lockEnds = Date.now() + 2_000; Date.now() < lockEnds; ) {
          const answers = await Promise.all(
            ['/warm', '/cold', '/warm', '/warm'].map(async (to) => {
              const started = performance.now();
              const answer = await rawRequest(t.baseUrl, to, { agent });
              slowest = Math.max(slowest, performance.now() - started);
              return answer;
            }),
          );
          expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302]);
          redirected += answers.length;
        }
        // Read answers include the clicks still held in memory.
        const during = (await client.retrieve(idOf(warm.short_url))).body;
        expect(during.clicks).toBe(1 + (redirected * 3) / 4);
      } finally {
        loopDelay.disable();
        other.exec('ROLLBACK');
        other.close();
      }
      // node:sqlite blocks the event loop while it waits for a lock: never for long. The freeze
      // this guards against lasted the whole busy timeout (5 s); the bounds leave room for a
      // loaded 2-core machine (seen: 390 ms at load average 23, 40 ms when quiet).
      expect(loopDelay.max / 1e6).toBeLessThan(1_000);
      expect(slowest).toBeLessThan(1_500);

      const failed = lines.filter((line) => line.startsWith('Clicks not written'));
      expect(failed.length).toBeGreaterThanOrEqual(1);
      expect(failed.length).toBeLessThanOrEqual(6);
      expect(failed[0]).toMatch(
        /^Clicks not written \(database is locked\): \d+ held in memory, next try in \d+ ms\.$/,
      );
      await eventually(async () => {
        const clicks = Object.fromEntries(
          (await t.storedLinks(key)).map((link) => [link.backHalf, link.clicks]),
        );
        return clicks.warm === 1 + (redirected * 3) / 4 && clicks.cold === redirected / 4;
      }, 'every click stored');
      expect(lines.at(-1)).toMatch(/^Clicks written again after \d+ failed tries\.$/);

      // The refused writes changed nothing, and writes work again.
      expect((await t.storedLinks(key)).map((link) => [link.backHalf, link.title])).toEqual([
        ['cold', ''],
        ['warm', ''],
      ]);
      expect((await client.create({ destination_url: 'https://new.example/' })).status).toBe(200);
    } finally {
      agent.destroy();
      await t.stop();
    }
  });
});

type Child = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Runs `sh -c script` in a mount namespace of its own; $1 is node, $2 the CLI, $3 the folder, and
 * `more` follow from $4.
 */
function inOwnMountNamespace(script: string, folder: string, ...more: string[]): Child {
  expectTimeToStartProcesses();
  const child = spawn(
    'unshare',
    [
      '--map-root-user',
      '--mount',
      'sh',
      '-c',
      script,
      'sh',
      process.execPath,
      CLI,
      folder,
      ...more,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => text, exited };
}

/** Fills the file system that holds `folder` to the last byte, returning the filler's path. */
function fillUp(folder: string): string {
  const filler = path.join(folder, 'filler');
  for (const size of [64 * 1024, 4096, 512, 1]) {
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(size));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
  }
  return filler;
}

/**
 * `node -e` this with the database file and a file to create once it reads: a connection that
 * holds one read transaction open (a backup under way, say) until the process that started it,
 * the service, has ended.
 */
const HELD_READER = `
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const [file, readingFile] = process.argv.slice(1);
  const db = new DatabaseSync(file);
  db.exec('BEGIN');
  db.prepare('SELECT count(*) FROM links').get();
  process.getBuiltinModule('node:fs').writeFileSync(readingFile, 'reading');
  const service = process.ppid;
  setInterval(() => process.ppid !== service && process.exit(), 100);
`;

describe('when the disk is full', STARTS_PROCESSES, () => {
  it('stays up, redirects, answers 503 to writes, and writes every click once there is room', async () => {
    const folder = path.join(dir, 'tiny');
    mkdirSync(folder);
    // The service's checkpoints copy the log into the database file and start it again from its
    // first page, so on a full disk its writes go on in the space the log already has. A reader
    // holding the database since before the service started keeps every page in the log: each
    // write must grow it, and the first one after the disk fills up fails.
    const service = inOwnMountNamespace(
      `set -e
       mount -t tmpfs -o size=1m tmpfs "$3"
       "$1" "$2" account create --db "$3/service.db" --email full@example.com
       "$1" -e "$4" "$3/service.db" "$3/reading" &
       while [ ! -s "$3/reading" ]; do sleep 0.05; done
       exec "$1" "$2" serve --db "$3/service.db" --port 0`,
      folder,
      HELD_READER,
    );
    await eventually(() => /Listening on/.test(service.output()), 'the service listening', 15_000);
    const [, baseUrl] = /Listening on (http:\/\/localhost:\d+)/.exec(service.output()) ?? [];
    const [key] = /slk_[A-Za-z0-9_-]{32}/.exec(service.output()) ?? [];
    const client = api(baseUrl as string, key);
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    try {
      const link = (
        await client.create({ destination_url: 'https://full.example/', back_half: 'full' })
      ).body;
      // The service's own view of its files, inside its namespace.
      const filler = fillUp(path.join(`/proc/${service.child.pid}/root`, folder));

      const redirect = () => rawRequest(baseUrl as string, '/full', { agent });
      for (let round = 0; round < 10; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, redirect));
        expect(answers.map((answer) => answer.headers.location)).toEqual(
          Array(10).fill('https://full.example/'),
        );
      }
      await eventually(
        () => /Clicks not written \(database or disk is full\)/.test(service.output()),
        'the failed click write logged',
      );
      const refused = await client.create({ destination_url: 'https://more.example/' });
      expectProblem(refused, 503, 'service_unavailable');
      expect(refused.headers.get('retry-after')).toBe('5');
      expect((await client.retrieve(idOf(link.short_url))).body.clicks).toBe(100);
      expect(service.child.exitCode).toBeNull();

      rmSync(filler);
      await eventually(
        () => /Clicks written again after \d+ failed tries\./.test(service.output()),
        'the clicks written once there is room',
      );
      expect((await client.create({ destination_url: 'https://more.example/' })).status).toBe(200);
      expect((await client.list()).body.links.map((l) => l.clicks).sort()).toEqual([0, 100]);
      // One line per failed try, SQLite's own words, and no stack trace.
      expect(service.output()).not.toMatch(/\n\s+at /);
      expect(service.output()).not.toMatch(/no transaction is active/);
    } finally {
      agent.destroy();
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }
  });
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  expectTimeToStartProcesses();
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('serve on a database file it cannot use', STARTS_PROCESSES, () => {
  const damaged = `is damaged or is not a Short Link database`;

  it.each([
    ['garbage', async (file: string) => writeFileSync(file, 'not a database '.repeat(500))],
    [
      'a truncated database',
      async (file: string) => {
        const store = await openSqliteStorage(file);
        const account = await store.createAccount('cut@example.com', 'paid', 'hash', 0);
        for (let i = 0; i < 2_000; i++) {
          await store.insertLink(account, {
            domain: '',
            backHalf: `cut${i}`,
            destinationUrl: `https://example.com/${i}`,
            title: `Link ${i}`,
            createdAt: i,
          });
        }
        await store.close();
        truncateSync(file, Math.floor(statSync(file).size / 2));
      },
    ],
  ])('ends with one sentence naming the file and what to do, given %s', async (_, make) => {
    const file = path.join(dir, `${_.replaceAll(' ', '-')}.db`);
    await make(file);
    const result = await runCli(['serve', '--port', '0', '--db', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(
        `^The database file ${file} ${damaged} \\([a-z ]+\\)\\. Restore it from a backup, or move it aside to start with an empty one\\.\\n$`,
      ),
    );
  });

  it('ends with one sentence naming the file and what to do when the file is read-only', async () => {
    const folder = path.join(dir, 'read-only');
    mkdirSync(folder);
    await (await openSqliteStorage(path.join(folder, 'service.db'))).close();
    const service = inOwnMountNamespace(
      `set -e
       mount --bind "$3" "$3"
       mount -o remount,bind,ro "$3"
       exec "$1" "$2" serve --port 0 --db "$3/service.db"`,
      folder,
    );
    expect(await service.exited).toBe(1);
    expect(service.output()).toMatch(
      new RegExp(
        `^The database file ${folder}/service.db cannot be opened for writing \\([a-z ]+\\)\\. Give the service's user write access to the file and its folder, or choose another file with --db\\.\\n$`,
      ),
    );
  });
});
