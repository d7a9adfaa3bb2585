import { defineConfig } from '@playwright/test';

export default defineConfig({
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 30_000,
  // Two workers on the CI's two cores: each keeps one browser and one service for all its tests
  // (test/e2e/fixtures.ts, test/firefox/fixtures.ts), and a test spends most of its time waiting on
  // them, so two at a time nearly halve the run. Spec files are shared out whole, Chromium's and
  // Firefox's side by side once the Firefox archive is built.
  workers: 2,
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
