// The service's SQLite checkpoints run in a worker thread (sqlite/checkpoints.ts), not in the
// commits of the thread that answers requests: the database file itself catches up with the log
// within moments, however few pages the writes left short of SQLite's own threshold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { linksInFileWithin } from '../../test/support/database-file.ts';
import { openSqliteStorage } from './sqlite/queries.ts';
import { DEFAULT_DOMAIN } from './storage.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-checkpoints-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

it('copies the log into the database file in a worker, without waiting for 1,000 pages', async () => {
  const file = path.join(dir, 'service.db');
  const store = await openSqliteStorage(file, { backgroundCheckpoints: true });
  const account = await store.createAccount('a@example.com', 'paid', 'hash', 0);
  // Some 1,500 pages of log: SQLite's own checkpoint, in a commit, would have copied only the
  // first 1,000 of them (about 200 links) and left the rest in the log.
  const made = 300;
  for (let i = 0; i < made; i++) {
    await store.insertLink(account, {
      domain: DEFAULT_DOMAIN,
      backHalf: `link${i}`,
      destinationUrl: `https://example.com/${i}`,
      title: '',
      createdAt: i,
    });
  }
  expect(await linksInFileWithin(file, 3_000, made)).toBe(made);
  await store.close();
});
