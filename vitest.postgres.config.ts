// The service suite's PostgreSQL run (`npm run test:postgres`, part of `npm test`): the tests that
// start the service through test/support/test-service.ts, run again with the storage on
// PostgreSQL, and the *.postgres.test.ts files, in a throw-away cluster that the global setup
// starts and removes. The files are found by the rule of test/support/postgres-suite.ts.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { postgresTestFiles } from './test/support/postgres-suite.ts';

export default defineConfig({
  test: {
    include: postgresTestFiles(fileURLToPath(new URL('.', import.meta.url))),
    globalSetup: ['test/support/postgres-setup.ts'],
    env: { SHORTLINK_TEST_ENGINE: 'postgres' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
