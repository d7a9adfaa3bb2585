import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAs, idOf, requestWithHost } from './test-helpers.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-cli-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  // A failed test must not leave a server running that would keep the test run alive.
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const cli = (dbFile: string, ...args: string[]) =>
  run(process.execPath, ['server/cli.ts', ...args, '--db', dbFile]);

async function cliFails(dbFile: string, ...args: string[]): Promise<string> {
  try {
    await cli(dbFile, ...args);
  } catch (error) {
    const failure = error as { code: number; stderr: string };
    expect(failure.code).toBe(1);
    return failure.stderr;
  }
  throw new Error(`expected "${args.join(' ')}" to fail`);
}

async function serve(
  dbFile: string,
): Promise<{ child: ChildProcess; baseUrl: string; port: number }> {
  const child = spawn(process.execPath, ['server/cli.ts', 'serve', '--port', '0', '--db', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /Listening on (http:\/\/localhost:\d+)/.exec(chunk.toString());
      if (match) resolve(match[1] as string);
    });
  });
  return { child, baseUrl, port: Number(new URL(baseUrl).port) };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) as string;

describe('the command line', () => {
  it('creates accounts whose key it prints last, changes plans, adds domains and revokes keys', async () => {
    const dbFile = path.join(dir, 'admin.db');
    const paid = lastLine(
      (await cli(dbFile, 'account', 'create', '--email', 'paid@example.com')).stdout,
    );
    const free = lastLine(
      (await cli(dbFile, 'account', 'create', '--email', 'free@example.com', '--plan', 'free'))
        .stdout,
    );
    expect(paid).toMatch(/^slk_/);
    await cli(dbFile, 'domain', 'add', '--email', 'paid@example.com', '--host', 'Go.Example.com');
    const spare = lastLine(
      (await cli(dbFile, 'key', 'create', '--email', 'paid@example.com')).stdout,
    );

    const { child, baseUrl } = await serve(dbFile);
    try {
      expect((await apiAs(baseUrl, free).list()).status).toBe(403);
      const domains = await apiAs(baseUrl, paid).domains();
      expect(domains.body.domains.map((d: { domain: string }) => d.domain)).toEqual([
        'go.example.com',
      ]);

      await cli(dbFile, 'key', 'revoke', '--key', paid);
      expect((await apiAs(baseUrl, paid).list()).status).toBe(401);
      expect((await apiAs(baseUrl, spare).list()).status).toBe(200);

      await cli(dbFile, 'account', 'plan', '--email', 'free@example.com', '--plan', 'paid');
      expect((await apiAs(baseUrl, free).list()).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exitCode(child);
    }
  });

  it.each([
    [['account', 'create'], /--email is required/],
    [['account', 'create', '--email', 'not-an-email'], /Not an email address/],
    [['account', 'create', '--email', 'a@b.c', '--plan', 'gold'], /--plan must be paid or free/],
    [['domain', 'add', '--email', 'nobody@example.com', '--host', 'go.example.com'], /No account/],
    [
      ['domain', 'add', '--email', 'x@example.com', '--host', 'https://go.example.com/'],
      /Not a host name/,
    ],
    [['key', 'revoke', '--key', 'slk_nothing'], /unknown or already revoked/],
    [['frobnicate'], /Unknown command/],
  ])('refuses %j with a message and exit code 1', async (args, message) => {
    const dbFile = path.join(dir, 'refusals.db');
    await cli(dbFile, 'account', 'create', '--email', 'x@example.com').catch(() => {});
    expect(await cliFails(dbFile, ...args)).toMatch(message);
  });

  it('keeps links across a restart and loses no click on SIGTERM', async () => {
    const dbFile = path.join(dir, 'restart.db');
    const key = lastLine(
      (await cli(dbFile, 'account', 'create', '--email', 'r@example.com')).stdout,
    );
    const first = await serve(dbFile);
    const api = apiAs(first.baseUrl, key);
    const link = (
      await api.create({
        destination_url: 'https://example.com/kept',
        back_half: 'kept',
        title: 'Kept',
      })
    ).body;

    // Clicks sit in memory until the next flush (every 200 ms); stopping at once proves the
    // shutdown flush writes them.
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const statuses = await Promise.all(
      Array.from({ length: 300 }, () =>
        requestWithHost(first.port, '/kept', `localhost:${first.port}`, { agent }),
      ),
    );
    agent.destroy();
    expect(statuses.every(({ status }) => status === 302)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);

    const second = await serve(dbFile);
    try {
      const again = await apiAs(second.baseUrl, key).get(
        idOf(link.short_url).replace(String(first.port), String(second.port)),
      );
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        destination_url: 'https://example.com/kept',
        title: 'Kept',
        clicks: 300,
      });
    } finally {
      second.child.kill('SIGINT');
      expect(await exitCode(second.child)).toBe(0);
    }
  });
});
