// `npm start` as a person meets it: run for real, with no display, on a free port and a data
// folder of its own. The extension build is left out (SHORTLINK_SKIP_BUILD): the browser tests'
// global setup builds and checks it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, rawRequest } from '../test/support/test-helpers.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shortlink-dev-'));
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `viaNpm` runs `npm start` in a process group of its own, as a terminal's foreground job. */
function startDev(port: number, dataFolder = dataDir, viaNpm = false): Started {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SHORTLINK_PORT: String(port),
    SHORTLINK_DATA_DIR: dataFolder,
    SHORTLINK_SKIP_BUILD: '1',
  };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const child = viaNpm
    ? spawn('npm', ['start'], {
        env: { ...env, PATH: `${path.dirname(process.execPath)}:${env.PATH}` },
        detached: true,
      })
    : spawn(process.execPath, ['scripts/dev.ts'], { env });
  running.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => text, exited };
}

async function until(started: Started, pattern: RegExp): Promise<RegExpMatchArray> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const match = started.output().match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Not seen: ${pattern}\n${started.output()}`);
}

const apiAt = (port: number, apiKey: string) => api(`http://localhost:${port}`, apiKey);

describe('npm start (scripts/dev.ts)', () => {
  it('serves a demo account with a custom domain and links, says how to load the extension, and stops on Ctrl-C', async () => {
    const port = await freePort();
    const dev = startDev(port);
    const [, apiKey = ''] = await until(dev, /Demo API key\s+(slk_\S+) \(new demo account\)/);
    await until(dev, /Press Ctrl-C to stop\./);

    expect(dev.output()).toContain(`Reference service   http://localhost:${port}`);
    expect(dev.output()).toContain('No browser opened: there is no display');
    expect(dev.output()).toContain('.output/chrome-mv3-dev');
    expect((await apiAt(port, apiKey).domains()).body).toMatchObject({
      domains: [{ domain: 'go.localhost' }],
    });
    const { links } = (await apiAt(port, apiKey).list()).body;
    expect(links.map((link) => link.short_url)).toContain(`http://go.localhost:${port}/hello`);
    expect(links).toHaveLength(4);
    const redirect = await rawRequest(`http://localhost:${port}`, '/hello', {
      host: `go.localhost:${port}`,
    });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/');

    dev.child.kill('SIGINT');
    expect(await dev.exited).toBe(0);
    expect(dev.output()).toContain('Stopped: the service and its database are closed.');
    // The port is free and the database closed: its write-ahead log was folded back in.
    await expect(fetch(`http://localhost:${port}/`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'service.db-wal'))).toBe(false);
    // The click of the redirect above was written before the database closed.
    const again = startDev(port);
    await until(again, /Press Ctrl-C to stop\./);
    const [, sameKey] = (await until(again, /Demo API key\s+(slk_\S+)/)) ?? [];
    expect(sameKey).toBe(apiKey);
    expect(again.output()).not.toContain('new demo account');
    const after = (await apiAt(port, apiKey).list()).body;
    expect(after.links.find((link) => link.short_url.endsWith('/hello'))?.clicks).toBe(1);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('a Ctrl-C in a terminal, which reaches it twice (from the terminal and from npm), stops `npm start` cleanly', async () => {
    const port = await freePort();
    const dev = startDev(port, dataDir, true);
    await until(dev, /Press Ctrl-C to stop\./);
    process.kill(-(dev.child.pid as number), 'SIGINT');
    // Before, the repeat killed it while it closed the database, and npm died of the signal too.
    expect(await dev.exited).toBe(0);
    expect(dev.output()).toContain('Stopped: the service and its database are closed.');
  });

  it('makes a new key for the demo account when the saved one is gone, and keeps its links', async () => {
    const port = await freePort();
    const first = startDev(port);
    const [, oldKey = ''] = await until(first, /Demo API key\s+(slk_\S+)/);
    first.child.kill('SIGINT');
    await first.exited;
    rmSync(path.join(dataDir, 'demo-api-key'));

    const dev = startDev(port);
    const [, newKey = ''] = await until(
      dev,
      /Demo API key\s+(slk_\S+) \(a new key: the saved one was missing\)/,
    );
    expect(newKey).not.toBe(oldKey);
    expect(existsSync(path.join(dataDir, 'demo-api-key'))).toBe(true);
    expect((await apiAt(port, newKey).list()).body.links).toHaveLength(4);
    dev.child.kill('SIGINT');
    expect(await dev.exited).toBe(0);
  });

  it('names the database file and what to do when it is damaged, with no stack trace', async () => {
    const folder = path.join(dataDir, 'damaged');
    mkdirSync(folder);
    const file = path.join(folder, 'service.db');
    writeFileSync(file, 'this is no database '.repeat(300));
    const dev = startDev(await freePort(), folder);
    expect(await dev.exited).toBe(1);
    expect(dev.output()).toBe(
      `npm start: The database file ${file} is damaged or is not a Short Link database (file is not a database). Restore it from a backup, or move it aside to start with an empty one.\n`,
    );
  });

  it('names the port and the way out when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const dev = startDev(port);
      expect(await dev.exited).toBe(1);
      expect(dev.output().trim()).toBe(
        `npm start: port ${port} is in use. Stop what runs there, or choose another port: SHORTLINK_PORT=${port + 1} npm start`,
      );
    } finally {
      blocker.close();
    }
  });
});
