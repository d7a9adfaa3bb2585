// Destinations: stored and answered as a browser parses them, and refused when they loop or lead
// to a blocked host. The refusals one by one are rows of the bad-input table in errors.test.ts.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, expectProblem, idOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { Logger } from '../shared/logger.ts';
import { BlockedHostsError, parseBlockedHosts } from './destinations.ts';

let dir: string;
let blockedHostsFile: string;
let t: TestService;
let client: Api;
const logged: string[] = [];
const logger: Logger = { info() {}, error: (message) => logged.push(message) };

/** Rewrites the blocklist so that its change is seen even within the file system's time grain. */
let edits = 0;
function writeBlocklist(text: string): void {
  writeFileSync(blockedHostsFile, text);
  edits += 1;
  const stamp = new Date(Date.now() + edits * 1000);
  utimesSync(blockedHostsFile, stamp, stamp);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-destinations-'));
  blockedHostsFile = path.join(dir, 'blocked.txt');
  writeBlocklist('');
  t = await startTestService({ blockedHostsFile, logger });
  client = api(t.baseUrl, await t.createAccount('destinations@example.com'));
});
afterAll(async () => {
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('normalised destinations', () => {
  it.each([
    ['a scheme and host in capitals', 'HTTP://Example.COM', 'http://example.com/'],
    [
      'a space in the path and the query',
      'https://example.com/a page?q=two words',
      'https://example.com/a%20page?q=two%20words',
    ],
    ['an international host', 'https://bücher.example/ß', 'https://xn--bcher-kva.example/%C3%9F'],
    ['a default port', 'https://example.com:443/x', 'https://example.com/x'],
    ['dot segments', 'https://example.com/a/../b/./c', 'https://example.com/b/c'],
    ['blanks around it', '  https://example.com/trimmed  ', 'https://example.com/trimmed'],
    ['a backslash in the path', 'https://example.com\\path', 'https://example.com/path'],
  ])('stores %s as a browser parses it, and redirects there', async (_, typed, normalised) => {
    const created = await client.create({ destination_url: typed });
    expect(created.status).toBe(200);
    expect(created.body.destination_url).toBe(normalised);
    expect((await client.retrieve(idOf(created.body.short_url))).body.destination_url).toBe(
      normalised,
    );
    const redirect = await rawRequest(t.baseUrl, new URL(created.body.short_url).pathname);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(normalised);

    const updated = await client.update(idOf(created.body.short_url), { destination_url: typed });
    expect(updated.body.destination_url).toBe(normalised);
  });

  it('accepts an @ in the path or the query, where it names no user', async () => {
    for (const destination of [
      'https://example.com/@someone',
      'https://example.com/?to=a@b.example',
    ]) {
      const created = await client.create({ destination_url: destination });
      expect(created.status).toBe(200);
    }
  });

  it('accepts pages of the short domain that are no short link: its root, deeper paths', async () => {
    for (const destination of [
      `http://${t.shortDomain}/`,
      `http://${t.shortDomain}/?from=somewhere`,
      `http://${t.shortDomain}/pages/about`,
      `http://${t.shortDomain}/v1/links`,
    ]) {
      expect((await client.create({ destination_url: destination })).status).toBe(200);
    }
  });

  it('accepts a host that only resembles the short domain', async () => {
    const [hostname] = t.shortDomain.split(':');
    for (const destination of [
      `http://${hostname}:1/elsewhere`,
      `https://not-${hostname}/`,
      'https://example.com/localhost',
    ]) {
      expect((await client.create({ destination_url: destination })).status).toBe(200);
    }
  });
});

describe('the blocklist', () => {
  it('is read again when the file changes, at create and at update', async () => {
    const created = await client.create({ destination_url: 'https://soon-bad.example/' });
    expect(created.status).toBe(200);

    writeBlocklist('soon-bad.example\n');
    expectProblem(
      await client.create({ destination_url: 'https://soon-bad.example/again' }),
      400,
      'blocked_destination',
      'destination_url',
    );
    expectProblem(
      await client.update(idOf(created.body.short_url), {
        destination_url: 'https://soon-bad.example/moved',
      }),
      400,
      'blocked_destination',
      'destination_url',
    );
    // The link made before the host was blocked is left as it was.
    expect((await client.retrieve(idOf(created.body.short_url))).body.destination_url).toBe(
      'https://soon-bad.example/',
    );

    writeBlocklist('# lifted\n');
    expect((await client.create({ destination_url: 'https://soon-bad.example/' })).status).toBe(
      200,
    );
  });

  it('keeps the last good list, and says so in the log, when the file turns bad', async () => {
    writeBlocklist('kept.example\n');
    expect((await client.create({ destination_url: 'https://kept.example/' })).body).toMatchObject({
      code: 'blocked_destination',
    });

    logged.length = 0;
    writeBlocklist('https://not a host/\n');
    expectProblem(
      await client.create({ destination_url: 'https://kept.example/' }),
      400,
      'blocked_destination',
      'destination_url',
    );
    expect(logged.join('\n')).toMatch(/last good list stays in force.*line 1/);
    writeBlocklist('');
  });

  it('stops the start with a sentence naming the file when it is missing or malformed', async () => {
    const missing = path.join(dir, 'missing.txt');
    await expect(startTestService({ blockedHostsFile: missing })).rejects.toThrow(
      new BlockedHostsError(
        `The blocked hosts file ${missing} cannot be read (ENOENT): check the path given to --blocked-hosts.`,
      ),
    );
    const malformed = path.join(dir, 'malformed.txt');
    writeFileSync(malformed, 'fine.example\nhttps://evil.example/path\n');
    await expect(startTestService({ blockedHostsFile: malformed })).rejects.toThrow(
      /malformed\.txt, line 2: "https:\/\/evil\.example\/path" is not a host name/,
    );
  });
});

describe('parseBlockedHosts', () => {
  const hosts = parseBlockedHosts(
    [
      '# comment',
      '',
      'Evil.Example.  # trailing comment',
      '*.phish.example',
      'bücher.example',
    ].join('\n'),
    'list.txt',
  );

  it.each([
    ['evil.example', 'evil.example'],
    ['EVIL.example.', 'evil.example'],
    ['phish.example', '*.phish.example'],
    ['a.b.phish.example', '*.phish.example'],
    ['xn--bcher-kva.example', 'bücher.example'.replace('bücher', 'xn--bcher-kva')],
  ])('matches %s (as %s)', (host, entry) => {
    expect(hosts.match(host)).toBe(entry);
  });

  it.each(['sub.evil.example', 'notphish.example', 'phish.example.com', 'example'])(
    'does not match %s',
    (host) => {
      expect(hosts.match(host)).toBeUndefined();
    },
  );

  it.each(['user@evil.example', 'evil.example:8080', 'evil.example/path', 'two words.example'])(
    'refuses the entry %s',
    (line) => {
      expect(() => parseBlockedHosts(line, 'list.txt')).toThrow(BlockedHostsError);
    },
  );
});
