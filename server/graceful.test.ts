// The service as an operator runs it: SIGHUP reads the blocked hosts again and reopens the log
// file; --shutdown-timeout bounds how long SIGTERM waits for requests in flight.

import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  eventually,
  expectTimeToStartProcesses,
  killServiceProcesses,
  runCli,
  STARTS_PROCESSES,
  serveProcess,
} from '../test/support/service-process.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-graceful-'));
const children: ChildProcess[] = [];
afterAll(() => {
  killServiceProcesses();
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function account(db: string): Promise<string> {
  const created = await runCli(['account', 'create', '--email', 'ops@example.com', '--db', db]);
  return created.stdout.trim().split('\n').at(-1) as string;
}

const create = (baseUrl: string, key: string, destination: string) =>
  fetch(`${baseUrl}/v1/links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ destination_url: destination }),
  });

describe('SIGHUP', STARTS_PROCESSES, () => {
  it('reads the blocked hosts file again, even when its size and time did not change', async () => {
    const db = path.join(dir, 'hup.db');
    const key = await account(db);
    const blocked = path.join(dir, 'blocked.txt');
    writeFileSync(blocked, 'spam.example\n');
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(blocked, mtime, mtime);
    const served = await serveProcess(db, ['--blocked-hosts', blocked]);
    expect((await create(served.baseUrl, key, 'https://scam.example/x')).status).toBe(200);

    // A same-size edit with its time put back (as `cp -p` or a config tool may leave it): the
    // file watch cannot see it; SIGHUP reads it anyway.
    writeFileSync(blocked, 'scam.example\n');
    utimesSync(blocked, mtime, mtime);
    expect((await create(served.baseUrl, key, 'https://scam.example/y')).status).toBe(200);
    served.child.kill('SIGHUP');
    await eventually(() => served.output().includes('SIGHUP: blocked hosts read again'), 5_000);
    const refused = await create(served.baseUrl, key, 'https://scam.example/z');
    expect(refused.status).toBe(400);
    expect((await refused.json()).code).toBe('blocked_destination');
    served.child.kill('SIGTERM');
    expect(await served.exit).toBe(0);
  });

  it('reopens the log file after it was moved away (log rotation)', async () => {
    const db = path.join(dir, 'rotate.db');
    const key = await account(db);
    const log = path.join(dir, 'service.log');
    const served = await serveProcessWithLogFile(db, log);
    expect((await create(served.baseUrl, key, 'https://example.com/before')).status).toBe(200);
    await eventually(() => readFileSync(log, 'utf8').includes('POST /v1/links 200'), 5_000);
    renameSync(log, `${log}.1`);
    served.child.kill('SIGHUP');
    await eventually(() => existsSync(log), 5_000);
    expect((await create(served.baseUrl, key, 'https://example.com/after')).status).toBe(200);
    await eventually(() => readFileSync(log, 'utf8').includes('POST /v1/links 200'), 5_000);
    const fresh = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(fresh.map((line) => line.msg)).toEqual([
      'SIGHUP: blocked hosts read again, log reopened',
      'POST /v1/links 200',
    ]);
    expect(readFileSync(`${log}.1`, 'utf8')).toContain('Listening on');
    served.child.kill('SIGTERM');
    expect(await served.exit).toBe(0);
  });
});

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** serve with --log-file: the start line goes to the file, so the address is read there. */
async function serveProcessWithLogFile(db: string, log: string) {
  expectTimeToStartProcesses();
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--db', db, '--log-file', log],
    {
      stdio: 'ignore',
      env: { ...process.env, SHORTLINK_RATE_LIMIT: '0', SHORTLINK_ADDRESS_RATE_LIMIT: '0' },
    },
  );
  children.push(child);
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await eventually(
    () => existsSync(log) && readFileSync(log, 'utf8').includes('Listening on'),
    10_000,
  );
  const [, baseUrl] =
    /Listening on (http:\/\/localhost:\d+) \(/.exec(readFileSync(log, 'utf8')) ?? [];
  return { baseUrl: baseUrl as string, child, exit };
}

describe('SIGTERM', STARTS_PROCESSES, () => {
  it('closes connections still in flight once --shutdown-timeout has passed', async () => {
    const db = path.join(dir, 'timeout.db');
    const key = await account(db);
    const served = await serveProcess(db, ['--shutdown-timeout', '1']);
    const { port } = new URL(served.baseUrl);
    // A request whose body never ends: it keeps the server from closing by itself.
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /v1/links HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\r\nContent-Length: 100\r\n\r\n{`,
    );
    socket.on('error', () => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    served.child.kill('SIGTERM');
    expect(await served.exit).toBe(0);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    socket.destroy();
  });

  it('refuses a --shutdown-timeout that is not a whole number of seconds', async () => {
    const answer = await runCli([
      'serve',
      '--port',
      '0',
      '--db',
      ':memory:',
      '--shutdown-timeout',
      'soon',
    ]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toBe('--shutdown-timeout must be a whole number.\n');
  });
});
