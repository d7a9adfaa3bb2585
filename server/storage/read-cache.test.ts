// The key owners and custom domains SQLite answers from memory (sqlite/read-cache.ts): read once
// while nothing changes, this connection's writes seen at once, another process's from the next
// turn of the event loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite/queries.ts';
import { createReadCache, MAX_KEPT_ANSWERS } from './sqlite/read-cache.ts';
import type { Storage } from './storage.ts';

let dir: string;
let file: string;
let store: Storage;
/** Another connection to the file: the command line, run beside the service. */
let other: DatabaseSync;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-read-cache-'));
  file = path.join(dir, 'service.db');
  store = await openSqliteStorage(file);
  other = new DatabaseSync(file);
  other.exec('PRAGMA busy_timeout = 5000');
});
afterEach(async () => {
  other.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('the key owners and custom domains in memory (SQLite)', () => {
  it('reads a key’s owner once while nothing changes, and sees another process’s revocation from the next turn', async () => {
    const account = await store.createAccount('cache@example.com', 'paid', 'key-hash', 0);
    const owner = { accountId: account, plan: 'paid', keyHash: 'key-hash' };
    expect(await store.keyOwner('key-hash')).toEqual(owner);

    other.prepare('UPDATE api_keys SET revoked_at = 1 WHERE key_hash = ?').run('key-hash');
    // Same turn: the answer in memory (a request that arrived before the revocation).
    expect(await store.keyOwner('key-hash')).toEqual(owner);
    await nextTurn();
    expect(await store.keyOwner('key-hash')).toBeUndefined();
  });

  it('sees its own revocation, plan change and new key at once', async () => {
    const account = await store.createAccount('own@example.com', 'paid', 'first', 0);
    expect(await store.keyOwner('second')).toBeUndefined();
    await store.addKey(account, 'second', 0);
    expect((await store.keyOwner('second'))?.accountId).toBe(account);
    await store.setPlan(account, 'free');
    expect((await store.keyOwner('first'))?.plan).toBe('free');
    expect(await store.revokeKey('first', 1)).toBe(true);
    expect(await store.keyOwner('first')).toBeUndefined();
  });

  it('sees a custom domain added here at once, and one added by another process from the next turn', async () => {
    const account = await store.createAccount('domains@example.com', 'paid', 'hash', 0);
    expect(await store.isCustomDomain('go.example')).toBe(false);
    await store.addDomain(account, 'go.example', 0);
    expect(await store.isCustomDomain('go.example')).toBe(true);

    expect(await store.isCustomDomain('elsewhere.example')).toBe(false);
    other
      .prepare('INSERT INTO domains (account_id, host, created_at) VALUES (?, ?, 0)')
      .run(account, 'elsewhere.example');
    await nextTurn();
    expect(await store.isCustomDomain('elsewhere.example')).toBe(true);
  });

  it('calls the read once per key between changes, and keeps at most MAX_KEPT_ANSWERS', async () => {
    const db = new DatabaseSync(':memory:');
    const cache = createReadCache(db);
    const reads: string[] = [];
    const lengthOf = cache.remember((key) => {
      reads.push(key);
      return key.length;
    });
    expect([lengthOf('a'), lengthOf('bb'), lengthOf('a'), lengthOf('bb')]).toEqual([1, 2, 1, 2]);
    expect(reads).toEqual(['a', 'bb']);
    cache.forget();
    lengthOf('a');
    expect(reads).toEqual(['a', 'bb', 'a']);
    for (let n = 0; n <= MAX_KEPT_ANSWERS; n++) lengthOf(`key ${n}`);
    reads.length = 0;
    lengthOf('a');
    expect(reads).toEqual(['a']);
    db.close();
  });
});
