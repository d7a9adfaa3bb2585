// The service suite's PostgreSQL run (`npm run test:postgres`, part of `npm test`): the tests that
// speak only HTTP and the storage interface, run again with the storage on PostgreSQL, in a
// throw-away cluster that the global setup starts and removes.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server/links/links.test.ts',
      'server/http/errors.test.ts',
      'server/links/concurrency.test.ts',
      'server/clicks/redirects.test.ts',
      'server/accounts/accounts.test.ts',
      'server/clicks/click-reads.test.ts',
      'server/http/openapi.test.ts',
      'server/http/openapi-generated.test.ts',
      'server/links/destinations.test.ts',
      'server/links/text-fields.test.ts',
      'server/ops/health.test.ts',
      'server/ops/metrics.test.ts',
      // The bulk import through the command line, against a running instance's database.
      'server/import/import.test.ts',
      'server/clicks/stats.test.ts',
      // Several processes on one database, through the command line.
      'server/storage/postgres-instances.test.ts',
      // The database stopped and started under them (a cluster of its own).
      'server/storage/postgres-restart.test.ts',
    ],
    globalSetup: ['test/support/postgres-setup.ts'],
    env: { SHORTLINK_TEST_ENGINE: 'postgres' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
