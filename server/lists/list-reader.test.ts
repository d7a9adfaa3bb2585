// The list worker reads SQLite's rows as arrays of the list's own columns (list-json.ts); the
// storage's reader, as PostgreSQL's list is written, reads whole rows. Both write the same bytes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createShortDomains } from '../shared/short-domain.ts';
import { SERVICE_BUSY_TIMEOUT_MS } from '../storage/sqlite/open.ts';
import { openSqliteStorage } from '../storage/sqlite/queries.ts';
import type { LinkFilter } from '../storage/storage.ts';
import { createStorageListReader } from './list-json.ts';
import { createListReader } from './list-reader.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-list-reader-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const pending = new Map([[3, 4]]);
const clicks = { settled: <T>(work: () => T) => work(), pendingSnapshot: () => pending };

async function text(chunks: AsyncGenerator<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let all = '';
  for await (const chunk of chunks) all += decoder.decode(chunk);
  return all;
}

it('writes the same bytes from the worker as from the storage, for links of every kind', async () => {
  const dbFile = path.join(dir, 'list.db');
  const store = await openSqliteStorage(dbFile);
  const account = await store.createAccount('a@example.com', 'paid', 'hash', 0);
  const titles = ['plain', 'Ünïcode "quoted" \\ title', 'line\nbreak \u2028', 'emoji 🙂'];
  for (let i = 0; i < 1_500; i++) {
    await store.insertLink(account, {
      domain: '',
      backHalf: `link${i}`,
      destinationUrl: `https://example.com/${i}?q="${titles[i % 4]}"`,
      title: titles[i % 4] as string,
      createdAt: Date.UTC(2026, 10, 22) - i * 7_200_000,
      expiresAt: i % 5 === 0 ? Date.UTC(2027, 0, 1) : undefined,
      maxClicks: i % 6 === 0 ? 10 : undefined,
      expiredUrl: i % 7 === 0 ? 'https://example.com/ended' : undefined,
      passwordHash: i % 8 === 0 ? 'scrypt$salt$hash' : undefined,
      tags: i % 3 ? [{ name: `Tag ${i % 4}`, key: `tag ${i % 4}` }] : undefined,
    });
  }
  const raw = new DatabaseSync(dbFile);
  raw.exec(`UPDATE links SET clicks = id * 3;
    UPDATE links SET destination_status = 'redirected', destination_status_code = 301,
      destination_reason = 'permanent', destination_final_url = 'https://example.com/"moved"',
      destination_checked_at = 1764000000000 WHERE id % 9 = 0;
    UPDATE links SET destination_status = 'unreachable', destination_reason = 'timeout',
      destination_checked_at = 5 WHERE id % 10 = 0;`);
  raw.close();

  const domains = createShortDomains('localhost:8787');
  const worker = createListReader({
    dbFile,
    shortDomain: domains.defaultHost,
    busyTimeoutMs: SERVICE_BUSY_TIMEOUT_MS,
  });
  const storage = createStorageListReader(store, domains);
  const filters: LinkFilter[] = [{}, { tagKeys: ['tag 1'] }, { destinationStatus: 'redirected' }];
  try {
    for (const filter of filters) {
      const fromWorker = await text(worker.chunks(account, clicks, filter));
      expect(fromWorker).toBe(await text(storage.chunks(account, clicks, filter)));
      expect(JSON.parse(fromWorker).links.length).toBeGreaterThan(0);
    }
  } finally {
    await worker.stop();
    await store.close();
  }
});

it('has the worker write the next chunk while the one given is passed on, one ahead', async () => {
  const dbFile = path.join(dir, 'ahead.db');
  const store = await openSqliteStorage(dbFile);
  const account = await store.createAccount('ahead@example.com', 'paid', 'hash', 0);
  // Some 1,000 links a chunk: four chunks.
  const links = Array.from({ length: 3_500 }, (_, i) => ({
    domain: '',
    backHalf: `ahead${i}`,
    destinationUrl: `https://example.com/articles/${i}`,
    title: `Title ${i}`,
    createdAt: i,
  }));
  await store.insertLinks(account, links);
  const asked = vi.spyOn(Worker.prototype, 'postMessage');
  const nextsAsked = () =>
    asked.mock.calls.filter(([request]) => (request as { type: string }).type === 'next').length;
  const reader = createListReader({
    dbFile,
    shortDomain: 'localhost:8787',
    busyTimeoutMs: SERVICE_BUSY_TIMEOUT_MS,
  });
  try {
    const chunks = reader.chunks(account, clicks);
    const decoder = new TextDecoder();
    let all = decoder.decode((await chunks.next()).value as Uint8Array);
    expect(nextsAsked()).toBe(2);
    let taken = 1;
    for await (const chunk of chunks) {
      all += decoder.decode(chunk);
      taken++;
    }
    expect(taken).toBeGreaterThanOrEqual(3);
    // One for each chunk and one that found the end: none asked twice.
    expect(nextsAsked()).toBe(taken + 1);
    expect(JSON.parse(all).links).toHaveLength(3_500);
  } finally {
    asked.mockRestore();
    await reader.stop();
    await store.close();
  }
});
