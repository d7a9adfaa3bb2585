// `service backup` of a database of 1,000,000 links: how long the checked copy takes, and how
// redirects fare while it is made.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { backupSqlite } from '../../server/ops/backup.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';

export type BackupFigures = { links: number; megabytes: number; seconds: number };

export async function benchBackup(links = 1_000_000): Promise<BackupFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-backup-bench-'));
  try {
    const dbFile = path.join(dir, 'big.db');
    const seed = await openSqliteStorage(dbFile);
    const key = await createAccount(seed, 'big@example.com');
    const accountId = (await seed.keyOwner(hashApiKey(key)))?.accountId as number;
    await seed.close();
    // Straight into the table, in one transaction: a million inserts through the API would take
    // longer than the figure measured.
    const db = new DatabaseSync(dbFile);
    const insert = db.prepare(
      'INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const now = Date.now();
    db.exec('BEGIN');
    for (let i = 0; i < links; i++) {
      insert.run(
        accountId,
        '',
        `b${i.toString(36)}`,
        `https://example.com/articles/${i}/a-fairly-typical-article-slug?utm_source=newsletter`,
        `A typical article title, number ${i}`,
        now - i * 1000,
      );
    }
    db.exec('COMMIT');
    db.close();
    const result = await backupSqlite({ db: dbFile, to: path.join(dir, 'copy.db') });
    if (result.links !== links) throw new Error(`the copy holds ${result.links} links`);
    return { links, megabytes: result.bytes / 1e6, seconds: result.ms / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
