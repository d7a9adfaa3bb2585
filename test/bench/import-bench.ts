// `node test/bench/import-bench.ts [--rows N] [--postgres]`: the service's `import` command timed
// end to end (a child process, as an operator runs it) on a file of N rows (default 100,000) with a
// back-half each, into a fresh SQLite file or a database in a throw-away PostgreSQL cluster; then
// the same file again (every row already there).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createAccount } from '../../server/accounts/admin.ts';
import { openStorage } from '../../server/storage/open-storage.ts';
import { createDatabase, startPostgresCluster } from '../support/postgres-cluster.ts';

const CLI = fileURLToPath(new URL('../../server/cli.ts', import.meta.url));

export type ImportFigures = {
  rows: number;
  firstRunS: number;
  secondRunS: number;
  summary: string;
};

function run(args: string[]): Promise<{ seconds: number; lastLine: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [CLI, ...args], { maxBuffer: 1 << 24 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else
        resolve({
          seconds: (performance.now() - started) / 1000,
          lastLine: stdout.trimEnd().split('\n').at(-1) ?? '',
        });
    }),
  );
}

export async function benchImport(rows: number, db: string, dir: string): Promise<ImportFigures> {
  const file = path.join(dir, 'links.csv');
  const lines = ['destination_url,back_half,title'];
  for (let i = 0; i < rows; i++)
    lines.push(`https://example.com/articles/${i}?ref=import,imp${i},Article number ${i}`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const store = await openStorage(db);
  await createAccount(store, 'importer@example.com');
  await store.close();
  const args = [
    'import',
    '--db',
    db,
    '--short-domain',
    'localhost:8787',
    '--email',
    'importer@example.com',
    file,
  ];
  const first = await run(args);
  const second = await run(args);
  return {
    rows,
    firstRunS: first.seconds,
    secondRunS: second.seconds,
    summary: `${first.lastLine} / again: ${second.lastLine}`,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { rows: { type: 'string', default: '100000' }, postgres: { type: 'boolean' } },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-import-bench-'));
  const cluster = values.postgres ? await startPostgresCluster() : undefined;
  try {
    const database = cluster ? await createDatabase(cluster.url) : undefined;
    const figures = await benchImport(
      Number(values.rows),
      database?.url ?? path.join(dir, 'service.db'),
      dir,
    );
    console.log(
      `${values.postgres ? 'PostgreSQL' : 'SQLite'}: ${figures.rows.toLocaleString('en-US')} rows in ${figures.firstRunS.toFixed(1)} s (${Math.round(figures.rows / figures.firstRunS).toLocaleString('en-US')} rows/s); again in ${figures.secondRunS.toFixed(1)} s\n${figures.summary}`,
    );
    await database?.drop();
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
