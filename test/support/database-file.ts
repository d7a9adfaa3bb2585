// What a SQLite database file holds by itself, without its write-ahead log: what checkpoints have
// copied into it so far (the service's run in a worker thread: server/storage/sqlite/checkpoints.ts).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The links the file `file` holds without its log, read from a copy of the file alone. */
export function linksInFileAlone(file: string): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-file-alone-'));
  const copy = path.join(dir, 'copy.db');
  copyFileSync(file, copy);
  const db = new DatabaseSync(copy, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM links').get() as { n: number }).n;
  } catch {
    return 0; // Not even the schema has been copied yet.
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** linksInFileAlone once it is `wanted`, or what it is after `ms`. */
export async function linksInFileWithin(file: string, ms: number, wanted: number): Promise<number> {
  const until = Date.now() + ms;
  let found = linksInFileAlone(file);
  while (found !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = linksInFileAlone(file);
  }
  return found;
}
