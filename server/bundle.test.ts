// The one-file service (`npm run build:service`), as an operator runs it: copied alone into an
// empty folder, no node_modules anywhere above it, started with a plain `node`.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService } from '../scripts/build-service.ts';
import { linksInFileWithin } from '../test/support/database-file.ts';
import { expectTimeToStartProcesses, STARTS_PROCESSES } from '../test/support/service-process.ts';
import {
  isNodeAtLeast,
  NODE_NEEDED,
  nodeTooOld,
  nodeTooOldForBackup,
} from './shared/node-version.ts';

/** The machine's own Node.js, when it is one too old for the service (Debian's is 20). */
const OLD_NODE = (() => {
  try {
    const version = execFileSync('/usr/bin/node', ['--version'], { encoding: 'utf8' }).trim();
    return isNodeAtLeast(NODE_NEEDED, version) ? undefined : '/usr/bin/node';
  } catch {
    return undefined;
  }
})();

let dir: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  const bundle = await buildService();
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-bundle-'));
  copyFileSync(bundle, path.join(dir, 'shortlink-service.mjs'));
}, 60_000);
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const env = { PATH: path.dirname(process.execPath), HOME: tmpdir() };

function runBundle(
  args: string[],
  node = process.execPath,
): Promise<{ code: number; stdout: string; stderr: string }> {
  expectTimeToStartProcesses();
  return new Promise((resolve) => {
    execFile(
      node,
      ['shortlink-service.mjs', ...args],
      { cwd: dir, env, encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the one-file service', STARTS_PROCESSES, () => {
  it('creates an account, serves links, redirects, metrics and JSON logs from an empty folder', async () => {
    const created = await runBundle([
      'account',
      'create',
      '--email',
      'ops@example.com',
      '--db',
      'service.db',
    ]);
    expect(created.stderr).toBe('');
    const key = created.stdout.trim().split('\n').at(-1) as string;
    expect(key).toMatch(/^slk_/);

    const metricsPort = await freePort();
    const serving = spawn(
      process.execPath,
      [
        'shortlink-service.mjs',
        'serve',
        '--port',
        '0',
        '--db',
        'service.db',
        '--metrics-port',
        String(metricsPort),
        '--log-format',
        'json',
      ],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = serving;
    let output = '';
    serving.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    serving.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const baseUrl = await new Promise<string>((resolve, reject) => {
      serving.stdout?.on('data', () => {
        const found = /Listening on (http:\/\/localhost:\d+) \(/.exec(output);
        if (found) resolve(found[1] as string);
      });
      serving.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });

    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const link = await fetch(`${baseUrl}/v1/links`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        destination_url: 'https://example.com/bundled',
        back_half: 'bundled',
      }),
    });
    expect(link.status).toBe(200);
    const requestId = link.headers.get('x-request-id');
    const redirect = await fetch(`${baseUrl}/bundled`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://example.com/bundled');
    // The list is written by a worker thread, which the bundle starts from itself.
    const list = await fetch(`${baseUrl}/v1/links`, { headers: auth });
    expect((await list.json()).links).toHaveLength(1);
    // So are the checkpoints: the link reaches the database file itself long before the log
    // would have reached the writer's own threshold.
    expect(await linksInFileWithin(path.join(dir, 'service.db'), 3_000, 1)).toBe(1);
    expect((await fetch(`${baseUrl}/v1/health/ready`)).status).toBe(200);

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^shortlink_redirects_total\{result="found"\} 1$/m);
    expect(metrics).toMatch(/^process_resident_memory_bytes /m);

    serving.kill('SIGTERM');
    expect(await new Promise((resolve) => serving.once('exit', resolve))).toBe(0);
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines)
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['level', 'time', 'msg']));
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'POST /v1/links 200', request_id: requestId }),
    );
    expect(output).not.toContain(key);
  });

  it.skipIf(!OLD_NODE)(
    'says in one sentence which Node.js it needs, when started with an older one',
    async () => {
      for (const args of [['--help'], ['serve', '--db', 'old.db'], ['backup', '--to', 'b.db']]) {
        const result = await runBundle(args, OLD_NODE);
        expect(result).toMatchObject({ code: 1, stdout: '' });
        expect(result.stderr).toMatch(
          /^The short-link service needs Node\.js 22\.13\.0 or newer \(22\.16\.0 or newer for backup\), and this is Node\.js 20\.[\d.]+: install a newer Node\.js and run it again\.\n$/,
        );
      }
      expect(existsSync(path.join(dir, 'old.db'))).toBe(false);
    },
  );
});

describe('the Node.js version check', () => {
  it('lets 22.13 and later run, and 22.16 and later back up', () => {
    expect(nodeTooOld('22.12.9')).toMatch(/needs Node\.js 22\.13\.0 or newer/);
    expect(nodeTooOld('v20.20.2')).toMatch(/this is Node\.js v20\.20\.2/);
    for (const version of ['22.13.0', '22.20.1', '23.0.0', '24.1.0'])
      expect(nodeTooOld(version)).toBeUndefined();
    expect(nodeTooOldForBackup('22.15.1')).toBe(
      'backup needs Node.js 22.16.0 or newer, and this is Node.js 22.15.1: run it with a newer Node.js.',
    );
    expect(nodeTooOldForBackup('22.16.0')).toBeUndefined();
  });
});
