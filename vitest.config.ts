import { configDefaults, defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { POSTGRES_ONLY } from './test/support/postgres-suite.ts';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Tests sit beside the code they test, wherever it is; browser specs are Playwright's.
    include: ['**/*.test.ts?(x)'],
    exclude: [
      ...configDefaults.exclude,
      '.output/**',
      '.wxt/**',
      'test/e2e/**',
      // Need a PostgreSQL cluster: vitest.postgres.config.ts runs them.
      POSTGRES_ONLY,
    ],
    setupFiles: ['test/support/vitest-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
