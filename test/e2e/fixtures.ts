import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { startTestService, type TestService } from '../../server/test-service.ts';
import { launchWithExtension } from '../chromium.ts';

export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

type ExtensionFixtures = {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** A fresh paid account on the shared service; its API key. */
  apiKey: string;
};

type ServiceFixtures = {
  /** The reference service over HTTP on a free port with a throw-away database. */
  service: TestService;
};

let accounts = 0;

export const test = base.extend<ExtensionFixtures, ServiceFixtures>({
  service: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const service = await startTestService();
      await use(service);
      await service.stop();
    },
    { scope: 'worker' },
  ],
  apiKey: async ({ service }, use, testInfo) => {
    await use(service.createAccount(`user${++accounts}-${testInfo.workerIndex}@example.com`));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  context: async ({}, use) => {
    const context = await launchWithExtension();
    await use(context);
    await context.close();
  },
  worker: async ({ context }, use) => {
    await use(await extensionWorker(context));
  },
  extensionId: async ({ worker }, use) => {
    await use(new URL(worker.url()).host);
  },
});

export const expect = test.expect;
