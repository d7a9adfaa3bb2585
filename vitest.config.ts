import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['lib/**/*.test.ts', 'server/**/*.test.ts', 'components/**/*.test.ts?(x)'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
