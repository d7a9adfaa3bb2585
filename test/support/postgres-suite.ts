// Which service tests the PostgreSQL run (vitest.postgres.config.ts) takes, by a rule rather than a
// list, so that a new service test runs on both engines without anyone adding it anywhere:
// - every server/**/*.test.ts that starts the service through test/support/test-service.ts, unless
//   its opening comment says why it is SQLite only, in a line `// SQLite only: <why>`;
// - every *.postgres.test.ts, which runs only there (vitest.config.ts leaves them out).
import { globSync, readFileSync } from 'node:fs';

export const POSTGRES_ONLY = '**/*.postgres.test.ts';

// An import of test-service.ts, on one line or wrapped over several as Biome writes a long one.
const STARTS_THE_SERVICE = /^import [^;]* from '(?:\.\.\/)+test\/support\/test-service\.ts';$/m;

/** The comment lines a file opens with. */
const openingComment = (text: string) => {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end);
};

/** Whether the PostgreSQL run takes this test file; an unexplained SQLite-only marker throws. */
export function runsOnPostgres(file: string, text: string): boolean {
  if (file.endsWith('.postgres.test.ts')) return true;
  if (!STARTS_THE_SERVICE.test(text)) return false;
  const marker = openingComment(text).find((line) => /^\/\/ SQLite only\b/i.test(line));
  if (marker === undefined) return true;
  if (!/^\/\/ SQLite only: \S/.test(marker)) {
    throw new Error(
      `${file} says it runs on SQLite only without saying why: write "// SQLite only: <why>" in its opening comment.`,
    );
  }
  return false;
}

/** The test files of the PostgreSQL run, in path order. */
export function postgresTestFiles(root = '.'): string[] {
  return globSync('server/**/*.test.ts', { cwd: root })
    .sort()
    .filter((file) => runsOnPostgres(file, readFileSync(`${root}/${file}`, 'utf8')));
}
