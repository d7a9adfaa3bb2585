// The SQLite store on its own: the schema's migrations, ids, file permissions and the errors it
// turns into StorageUnavailable.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TAGS_PER_ACCOUNT } from '../../contract/limits.ts';
import { storedLinksOf } from '../../test/support/stored-links.ts';
import { NEVER_CHECKED } from './destination-health.ts';
import { openSqliteStorage } from './sqlite/queries.ts';
import { SCHEMA_VERSION } from './sqlite/schema.ts';
import { DEFAULT_DOMAIN, StorageUnavailable, UniqueViolation } from './storage.ts';
import { TagLimitReached } from './tag-storage.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-db-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const link = (backHalf: string) => ({
  domain: DEFAULT_DOMAIN,
  backHalf,
  destinationUrl: `https://example.com/${backHalf}`,
  title: '',
  createdAt: 0,
});

/** What the schema steps that made links expire and take passwords give the links they find. */
const NEVER_ENDS = {
  expiresAt: null,
  maxClicks: null,
  expiredUrl: null,
  expiredVisits: 0,
  passwordHash: null,
  ...NEVER_CHECKED,
};

describe('openSqliteStorage', () => {
  it('creates the database file readable and writable by its owner only', async () => {
    const file = path.join(dir, 'new', 'service.db');
    await (await openSqliteStorage(file)).close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('never gives a deleted link’s id to a new link', async () => {
    const store = await openSqliteStorage(path.join(dir, 'service.db'));
    const account = await store.createAccount('ids@example.com', 'paid', 'hash', 0);
    await store.insertLink(account, link('first'));
    const last = await store.insertLink(account, link('last'));
    expect(await store.deleteLink(account, DEFAULT_DOMAIN, 'last')).toBe(true);
    expect((await store.insertLink(account, link('next'))).id).toBeGreaterThan(last.id);
    await store.close();
  });

  it('keeps every link, click and id when it moves a database of the first schema to ids never reused', async () => {
    const file = path.join(dir, 'old.db');
    const old = new DatabaseSync(file);
    old.exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('paid', 'free')), created_at INTEGER NOT NULL);
      CREATE TABLE api_keys (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id)
        ON DELETE CASCADE, key_hash TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL, revoked_at INTEGER);
      CREATE TABLE domains (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id)
        ON DELETE CASCADE, host TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL);
      CREATE TABLE links (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id)
        ON DELETE CASCADE, domain TEXT NOT NULL, back_half TEXT NOT NULL, destination_url TEXT NOT NULL,
        title TEXT NOT NULL, clicks INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL,
        UNIQUE (domain, back_half));
      CREATE INDEX links_by_account ON links (account_id, created_at DESC, id DESC);
      INSERT INTO accounts VALUES (1, 'old@example.com', 'paid', 0);
      INSERT INTO api_keys VALUES (1, 1, 'old-hash', 0, NULL);
      INSERT INTO links VALUES (3, 1, '', 'kept', 'https://example.com/kept', 'Kept', 41, 5);
      INSERT INTO links VALUES (9, 1, 'go.example.com', 'also', 'https://example.com/also', '', 2, 6);
      PRAGMA user_version = 1;`);
    old.close();

    const store = await openSqliteStorage(file);
    expect(await store.keyOwner('old-hash')).toEqual({
      accountId: 1,
      plan: 'paid',
      keyHash: 'old-hash',
    });
    expect(await storedLinksOf(store, 1)).toEqual([
      {
        ...link('also'),
        id: 9,
        domain: 'go.example.com',
        destinationUrl: 'https://example.com/also',
        clicks: 2,
        createdAt: 6,
        ...NEVER_ENDS,
        tagsJson: '[]',
      },
      {
        ...link('kept'),
        id: 3,
        title: 'Kept',
        clicks: 41,
        createdAt: 5,
        ...NEVER_ENDS,
        tagsJson: '[]',
      },
    ]);
    expect(await store.deleteLink(1, 'go.example.com', 'also')).toBe(true);
    expect((await store.insertLink(1, link('new'))).id).toBe(10);
    await expect(store.insertLink(1, link('kept'))).rejects.toThrow('back-half taken');
    await store.close();
  });

  it('answers a create with the row as a read of it gives it, whatever the link carries', async () => {
    const store = await openSqliteStorage(path.join(dir, 'made.db'));
    const account = await store.createAccount('a@example.com', 'paid', 'hash', 0);
    const made = [
      link('plain'),
      {
        ...link('titled'),
        title: 'Ünïcode "quoted" \\ title \u2028',
        createdAt: 1_764_000_000_123,
      },
      {
        ...link('ending'),
        expiresAt: 1_900_000_000_000,
        maxClicks: 5,
        expiredUrl: 'https://example.com/after',
      },
      { ...link('protected'), passwordHash: 'scrypt$salt$hash' },
      {
        ...link('cleared'),
        expiresAt: null,
        maxClicks: null,
        expiredUrl: null,
        passwordHash: null,
      },
      { ...link('tagged'), tags: [{ name: 'Blue', key: 'blue' }] },
      { ...link('untagged'), tags: [] },
    ];
    for (const given of made) {
      const answered = await store.insertLink(account, given);
      expect(answered).toEqual(await store.linkOf(account, DEFAULT_DOMAIN, given.backHalf));
    }
    await store.close();
  });

  it('refuses a database written by a newer version of the service, naming the file', async () => {
    const file = path.join(dir, 'future.db');
    const future = new DatabaseSync(file);
    future.exec('PRAGMA user_version = 99');
    future.close();
    await expect(openSqliteStorage(file)).rejects.toThrow(
      `The database file ${file} could not be opened (its schema version 99 is newer than this service's ${SCHEMA_VERSION}: run a newer version of the service).`,
    );
  });
});

describe('a write while another connection holds the write lock', () => {
  it('fails within tens of milliseconds as StorageUnavailable with SQLite’s own words, and changes nothing', async () => {
    const file = path.join(dir, 'service.db');
    const store = await openSqliteStorage(file);
    const account = await store.createAccount('locked@example.com', 'paid', 'hash', 0);
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      let error: unknown;
      try {
        await store.insertLink(account, link('blocked'));
      } catch (caught) {
        error = caught;
      }
      // 25 ms of waiting for the lock, where it used to be 5 s; room left for a busy machine.
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(error).toBeInstanceOf(StorageUnavailable);
      expect((error as StorageUnavailable).reason).toBe('database is locked');
      // Reads go on beside the lock (WAL).
      expect(await storedLinksOf(store, account)).toEqual([]);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await store.insertLink(account, link('later'))).backHalf).toBe('later');
    await store.close();
  });
});

describe('creates that arrive together', () => {
  /** Frames written to the log so far: nothing checkpoints it below SQLite's 1,000 pages. */
  const logFrames = (file: string) => (statSync(`${file}-wal`).size - 32) / (4096 + 24);

  it('share one transaction: the log gets the pages they change once, not once each', async () => {
    const file = path.join(dir, 'service.db');
    const store = await openSqliteStorage(file);
    const account = await store.createAccount('many@example.com', 'paid', 'hash', 0);
    let before = logFrames(file);
    await store.insertLink(account, link('lone'));
    const lone = logFrames(file) - before;
    before = logFrames(file);
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.insertLink(account, link(`many${i}`))),
    );
    // One by one: 20 × lone (some 5 pages each).
    expect(logFrames(file) - before).toBeLessThan(2 * lone);
    for (const row of made) {
      expect(row).toEqual(await store.linkOf(account, DEFAULT_DOMAIN, row.backHalf));
    }
    await store.close();
  });

  it('keep each create whole: one that fails changes nothing, and the others are stored', async () => {
    const file = path.join(dir, 'service.db');
    const store = await openSqliteStorage(file);
    const account = await store.createAccount('whole@example.com', 'paid', 'hash', 0);
    // One tag short of the account's limit, so that a link making two new tags goes past it.
    const other = new DatabaseSync(file);
    other
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO tags (account_id, name, name_key, color)
         SELECT ?, 'tag' || i, 'tag' || i, 'gray' FROM n`,
      )
      .run(MAX_TAGS_PER_ACCOUNT - 1, account);
    other.close();
    const tags = (...names: string[]) => names.map((name) => ({ name, key: name }));
    const answers = await Promise.allSettled([
      store.insertLink(account, link('first')),
      store.insertLink(account, link('first')),
      store.insertLink(account, { ...link('too-many-tags'), tags: tags('new1', 'new2') }),
      store.insertLink(account, { ...link('last'), tags: tags('tag1') }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(TagLimitReached);
    expect((await storedLinksOf(store, account)).map((row) => row.backHalf).sort()).toEqual([
      'first',
      'last',
    ]);
    expect(await store.tagsOf(account)).toHaveLength(MAX_TAGS_PER_ACCOUNT - 1);
    await store.close();
  });
});
