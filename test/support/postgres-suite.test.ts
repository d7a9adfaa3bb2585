import { describe, expect, it } from 'vitest';
import { postgresTestFiles, runsOnPostgres } from './postgres-suite.ts';

const START = "import { startTestService } from '../../test/support/test-service.ts';\n";

describe('the PostgreSQL run', () => {
  it.each([
    ['a service test', 'server/links/links.test.ts', `// Links.\n${START}`, true],
    [
      'a service test that says why it is SQLite only',
      'server/ops/backup.test.ts',
      `// Backups.\n// SQLite only: it copies the database file.\n${START}`,
      false,
    ],
    [
      'a test that does not start the service',
      'server/links/back-half.test.ts',
      '// Rules.\n',
      false,
    ],
    [
      'a marker below the opening comment, which does not count',
      'server/links/links.test.ts',
      `// Links.\n${START}// SQLite only: too late.\n`,
      true,
    ],
    [
      'a service test whose import is wrapped over several lines',
      'server/links/links.test.ts',
      "// Links.\nimport {\n  startTestService,\n  type TestService,\n} from '../../test/support/test-service.ts';\n",
      true,
    ],
    [
      'a test that imports something else after another import ends',
      'server/links/back-half.test.ts',
      "// Rules.\nimport { it } from 'vitest';\nconst path = '../../test/support/test-service.ts';\n",
      false,
    ],
    ['a PostgreSQL-only test', 'server/storage/restart.postgres.test.ts', '// Restarts.\n', true],
  ])('takes or leaves %s', (_, file, text, taken) => {
    expect(runsOnPostgres(file, text)).toBe(taken);
  });

  it('refuses a SQLite-only marker that does not say why', () => {
    expect(() =>
      runsOnPostgres('server/ops/backup.test.ts', `// Backups.\n// SQLite only\n${START}`),
    ).toThrow(
      'server/ops/backup.test.ts says it runs on SQLite only without saying why: write "// SQLite only: <why>" in its opening comment.',
    );
  });

  it('finds the service tests of this repository', () => {
    const files = postgresTestFiles();
    expect(files).toContain('server/links/links.test.ts');
    expect(files).toContain('server/storage/restart.postgres.test.ts');
    expect(files).not.toContain('server/ops/backup.test.ts');
  });
});
