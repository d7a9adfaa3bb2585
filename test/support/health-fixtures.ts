// The worker fixtures of the destination-health browser tests, Chromium's and Firefox's alike: a
// service that may check private addresses (it checks local pages here), and those pages.
import type { Fixtures } from '@playwright/test';
import { type HealthPages, startHealthPages } from './health-pages.ts';
import { startTestService, type TestService } from './test-service.ts';

export type HealthWorkerFixtures = { service: TestService; healthPages: HealthPages };

export const healthWorkerFixtures: Fixtures<object, HealthWorkerFixtures> = {
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startTestService({ checkOptions: { allowPrivate: true } });
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  healthPages: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const pages = await startHealthPages();
      await use(pages);
      await pages.stop();
    },
    { scope: 'worker' },
  ],
};
