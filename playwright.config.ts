import { defineConfig } from '@playwright/test';

export default defineConfig({
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 30_000,
  // One browser at a time: the machines have two cores and each test starts its own browser.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'chromium', testDir: 'test/e2e' },
    // Firefox runs in the same runner, for the same fixtures, reports and timeouts; Playwright
    // cannot drive Debian's Firefox, so its tests drive it with puppeteer-core over WebDriver BiDi
    // (test/firefox/firefox.ts). The setup project builds the archive the suite installs.
    { name: 'firefox-archive', testDir: 'test/firefox', testMatch: /archive\.setup\.ts/ },
    { name: 'firefox', testDir: 'test/firefox', dependencies: ['firefox-archive'] },
  ],
});
