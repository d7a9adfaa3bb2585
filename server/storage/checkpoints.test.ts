// The service's SQLite checkpoints run in a worker thread (sqlite/checkpoints.ts), not in the
// commits of the thread that answers requests: the database file itself catches up with the log
// within moments, however few pages the writes left short of SQLite's own threshold.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite/queries.ts';
import { DEFAULT_DOMAIN } from './storage.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-checkpoints-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The links the database file holds without its write-ahead log: what checkpoints copied. */
function linksInFileAlone(file: string): number {
  const copy = path.join(dir, `copy-${Date.now()}.db`);
  copyFileSync(file, copy);
  const db = new DatabaseSync(copy, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM links').get() as { n: number }).n;
  } catch {
    return 0; // Not even the schema has been copied yet.
  } finally {
    db.close();
  }
}

async function linksInFileWithin(file: string, ms: number, wanted: number): Promise<number> {
  const until = Date.now() + ms;
  let found = linksInFileAlone(file);
  while (found !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = linksInFileAlone(file);
  }
  return found;
}

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
