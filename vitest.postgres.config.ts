// The service suite's PostgreSQL run (`npm run test:postgres`, part of `npm test`): the tests that
// speak only HTTP and the storage interface, run again with the storage on PostgreSQL, in a
// throw-away cluster that the global setup starts and removes.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server/links.test.ts',
      'server/errors.test.ts',
      'server/concurrency.test.ts',
      'server/redirects.test.ts',
      'server/accounts.test.ts',
      'server/click-reads.test.ts',
      'server/openapi.test.ts',
      'server/openapi-generated.test.ts',
      'server/destinations.test.ts',
      'server/text-fields.test.ts',
      'server/health.test.ts',
      'server/metrics.test.ts',
      // The bulk import through the command line, against a running instance's database.
      'server/import/import.test.ts',
      'server/stats.test.ts',
      // Several processes on one database, through the command line.
      'server/postgres-instances.test.ts',
      // The database stopped and started under them (a cluster of its own).
      'server/postgres-restart.test.ts',
    ],
    globalSetup: ['test/support/postgres-setup.ts'],
    env: { SHORTLINK_TEST_ENGINE: 'postgres' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
