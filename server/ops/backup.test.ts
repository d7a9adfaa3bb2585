// `service backup`: a checked copy of a SQLite database made while the service writes, and every
// refusal in one sentence with nothing left behind.
// SQLite only: `backup` copies a SQLite file (PostgreSQL's backups are pg_dump's).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, STARTS_PROCESSES } from '../../test/support/service-process.ts';
import { api, backHalfOf, rawRequest } from '../../test/support/test-helpers.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { BackupError, backupSqlite } from './backup.ts';

let t: TestService;
let key: string;
const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-backup-'));
const mounts: string[] = [];

beforeAll(async () => {
  t = await startTestService({ dbFile: path.join(dir, 'service.db') });
  key = await t.createAccount('backup@example.com');
  await t.insertLinks(
    key,
    Array.from({ length: 2_000 }, (_, i) => ({
      backHalf: `seed${i}`,
      destinationUrl: `https://example.com/articles/${i}?from=seed`,
    })),
  );
});
afterAll(async () => {
  await t.stop();
  for (const mount of mounts) execFileSync('umount', [mount]);
  rmSync(dir, { recursive: true, force: true });
});

/** A tmpfs of `size` mounted in a new folder (root only), or undefined where mounting is not allowed. */
function tmpfs(size: string, readOnly = false): string | undefined {
  const folder = mkdtempSync(path.join(dir, 'mount-'));
  try {
    execFileSync(
      'mount',
      ['-t', 'tmpfs', '-o', `size=${size}${readOnly ? ',ro' : ''}`, 'tmpfs', folder],
      {
        stdio: 'ignore',
      },
    );
  } catch {
    return undefined;
  }
  mounts.push(folder);
  return folder;
}
const canMount = tmpfs('16k') !== undefined;

describe('a backup', () => {
  it('copies the database while the service creates links and counts clicks, and the copy opens', async () => {
    const client = api(t.baseUrl, key);
    const { body: hot } = await client.create({ destination_url: 'https://example.com/hot' });
    let writing = true;
    let created = 0;
    const writes = (async () => {
      while (writing) {
        const answer = await client.create({ destination_url: `https://example.com/w/${created}` });
        expect(answer.status).toBe(200);
        created++;
        await rawRequest(t.baseUrl, `/${backHalfOf(hot.short_url)}`);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const to = path.join(dir, 'under-writes.db');
    const result = await backupSqlite({ db: t.dbFile, to });
    const createdDuringBackup = created;
    await new Promise((resolve) => setTimeout(resolve, 100));
    writing = false;
    await writes;

    expect(createdDuringBackup).toBeGreaterThan(0);
    const copy = new DatabaseSync(to, { readOnly: true });
    expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const links = (copy.prepare('SELECT count(*) AS n FROM links').get() as { n: number }).n;
    copy.close();
    expect(links).toBe(result.links);
    expect(links).toBeGreaterThanOrEqual(2_001);
    expect(links).toBeLessThan(2_001 + created);
    // The service went on writing after the backup.
    expect((await t.storedLinks(key)).length).toBe(2_001 + created);
  });

  it(
    'is made by the command line, which says how many links the copy holds',
    STARTS_PROCESSES,
    async () => {
      const to = path.join(dir, 'cli.db');
      const answer = await runCli(['backup', '--db', t.dbFile, '--to', to]);
      expect(answer.stderr).toBe('');
      expect(answer.code).toBe(0);
      expect(answer.stdout).toMatch(
        /^Backed up .+ to .+cli\.db: [\d,]+ links, [\d.]+ MB, integrity ok, in [\d.]+ s\.\n$/,
      );
    },
  );

  it('refuses a file that exists, unless --force', STARTS_PROCESSES, async () => {
    const to = path.join(dir, 'exists.db');
    writeFileSync(to, 'keep me');
    const refused = await runCli(['backup', '--db', t.dbFile, '--to', to]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `${to} already exists: choose another file, or add --force to replace it.\n`,
    );
    expect(readFileSync(to, 'utf8')).toBe('keep me');
    const forced = await runCli(['backup', '--db', t.dbFile, '--to', to, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(to).subarray(0, 15).toString()).toBe('SQLite format 3');
  });

  it(
    'is readable by its owner only, and leaves no other file in the folder',
    STARTS_PROCESSES,
    async () => {
      const folder = mkdtempSync(path.join(dir, 'private-'));
      const to = path.join(folder, 'private.db');
      const answer = await runCli(['backup', '--db', t.dbFile, '--to', to]);
      expect(answer.code).toBe(0);
      expect(readdirSync(folder)).toEqual(['private.db']);
      expect(statSync(to).mode & 0o777).toBe(0o600);
      // Replacing a file that was open to all makes it private too.
      writeFileSync(to, 'old', { mode: 0o644 });
      expect((await runCli(['backup', '--db', t.dbFile, '--to', to, '--force'])).code).toBe(0);
      expect(readdirSync(folder)).toEqual(['private.db']);
      expect(statSync(to).mode & 0o777).toBe(0o600);
    },
  );

  it(
    'refuses anything but a regular file as its target, even with --force',
    STARTS_PROCESSES,
    async () => {
      const folder = mkdtempSync(path.join(dir, 'special-'));
      const fifo = path.join(folder, 'fifo');
      execFileSync('mkfifo', [fifo]);
      const targets: [string, string][] = [
        [fifo, 'a named pipe'],
        [folder, 'a folder'],
      ];
      const device = path.join(folder, 'null');
      try {
        execFileSync('mknod', [device, 'c', '1', '3'], { stdio: 'ignore' });
        targets.push([device, 'a device']);
      } catch {
        // Making a device node needs root; the named pipe and the folder still stand for the rest.
      }
      for (const [to, kind] of targets) {
        for (const force of [[], ['--force']]) {
          const answer = await runCli(['backup', '--db', t.dbFile, '--to', to, ...force]);
          expect(answer.code).toBe(1);
          expect(answer.stderr).toBe(
            `${to} is ${kind}, not a file: a backup replaces only a regular file, so choose another name.\n`,
          );
        }
      }
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      if (targets.length === 3) expect(lstatSync(device).isCharacterDevice()).toBe(true);
      expect(readdirSync(folder).sort()).toEqual(
        targets.length === 3 ? ['fifo', 'null'] : ['fifo'],
      );
      // Six runs of the command line, each a new Node process: seconds apiece on a busy machine.
    },
  );

  it('refuses a folder that does not exist', STARTS_PROCESSES, async () => {
    const to = path.join(dir, 'missing', 'x.db');
    await expect(backupSqlite({ db: t.dbFile, to })).rejects.toThrow(
      new BackupError(
        `The backup cannot be written to ${path.dirname(to)} (ENOENT): choose a folder that exists and that this user can write to.`,
      ),
    );
  });

  it.skipIf(!canMount)(
    'refuses a folder that cannot be written (a read-only mount)',
    STARTS_PROCESSES,
    async () => {
      const folder = tmpfs('1m', true) as string;
      const answer = await runCli(['backup', '--db', t.dbFile, '--to', path.join(folder, 'x.db')]);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toBe(
        `The backup cannot be written to ${folder} (EROFS): choose a folder that exists and that this user can write to.\n`,
      );
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it.skipIf(!canMount)(
    'stops when the disk fills, leaving nothing, and the service goes on',
    STARTS_PROCESSES,
    async () => {
      const folder = tmpfs('64k') as string;
      const answer = await runCli(['backup', '--db', t.dbFile, '--to', path.join(folder, 'x.db')]);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toBe(
        `The disk holding ${folder} filled up during the backup; nothing was left there: free some space or back up to another disk.\n`,
      );
      expect(readdirSync(folder)).toEqual([]);
      const created = await api(t.baseUrl, key).create({
        destination_url: 'https://example.com/after',
      });
      expect(created.status).toBe(200);
    },
  );

  it('says in one sentence to use pg_dump on PostgreSQL', STARTS_PROCESSES, async () => {
    const answer = await runCli([
      'backup',
      '--db',
      'postgres://shortlink@db.internal/shortlink',
      '--to',
      'x',
    ]);
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(
      /^On PostgreSQL, back up with pg_dump, .+ --format=custom .+\.\n$/,
    );
    expect(existsSync('x')).toBe(false);
  });

  it('refuses a database that is not there', async () => {
    mkdirSync(path.join(dir, 'empty'), { recursive: true });
    const db = path.join(dir, 'empty', 'none.db');
    await expect(backupSqlite({ db, to: path.join(dir, 'none-copy.db') })).rejects.toThrow(
      `There is no database at ${db}.`,
    );
  });
});
