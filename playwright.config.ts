import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 30_000,
  // One Chromium at a time: the machines have two cores and each test starts its own browser.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
});
