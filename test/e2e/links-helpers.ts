// Helpers of the Links browser tests: links made through the real API or seeded in its database.
import type { BrowserContext, Page, Request, Worker } from '@playwright/test';
import { UNDO_DELAY_FOR_TESTS_KEY } from '../../lib/deletions/undo-delay.ts';
import { api, backHalfOf, idOf, type LinkJson } from '../support/test-api.ts';
import type { TestService } from '../support/test-service.ts';
import { test as base, configure, expect, type OptionsSection, openOptions } from './fixtures.ts';

export async function createLink(
  service: { baseUrl: string },
  apiKey: string,
  body: Record<string, string | number>,
): Promise<LinkJson> {
  const answer = await api(service.baseUrl, apiKey).create(body);
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * The browser tests' fixtures, and one more for the Links tests: `linkOnOptionsPage`, what most
 * of them start from (one link made through the API, the extension connected to the test service
 * with the test's key, and the options page open, on `section` when given).
 */
export const test = base.extend<{
  linkOnOptionsPage: (
    body: Record<string, string | number>,
    section?: OptionsSection,
  ) => Promise<{ page: Page; link: LinkJson }>;
}>({
  linkOnOptionsPage: async ({ context, extensionId, worker, service, apiKey }, use) => {
    await use(async (body, section) => {
      const link = await createLink(service, apiKey, body);
      await configure(worker, { apiBaseUrl: service.baseUrl, apiKey });
      return { page: await openOptions(context, extensionId, section), link };
    });
  },
});

/** The account's links as the service lists them. */
export async function linksOf(service: TestService, apiKey: string): Promise<LinkJson[]> {
  const answer = await api(service.baseUrl, apiKey).list();
  expect(answer.status).toBe(200);
  return answer.body.links;
}

/** The service's answer for one link: its status says whether the link still exists. */
export function getLink(service: { baseUrl: string }, apiKey: string, shortUrl: string) {
  return api(service.baseUrl, apiKey).retrieve(idOf(shortUrl));
}

/**
 * `count` links, one a minute from 2026-01-01, titled "Seeded link <n>", with back-halves
 * `<prefix><n>`: back-halves are unique on the service, which the tests of a worker share.
 */
export async function seed(service: TestService, apiKey: string, count: number, prefix = 'seed') {
  const start = Date.UTC(2026, 0, 1);
  await service.insertLinks(
    apiKey,
    Array.from({ length: count }, (_, n) => ({
      backHalf: `${prefix}${n}`,
      destinationUrl: `https://example.com/page/${n}`,
      title: `Seeded link ${n}`,
      createdAt: start + n * 60_000,
    })),
  );
}

export const rows = (page: Page) => page.locator('.links-list > li');
export const count = (page: Page) => page.locator('.links-count');
export const row = (page: Page, shortUrl: string) =>
  rows(page).filter({ has: page.getByRole('link', { name: shortUrl, exact: true }) });

/**
 * The undo time the tests that wait for a deletion give it, in place of the 10 s users get (see
 * lib/deletions/undo-delay.ts): long enough for a test to press "Undo" in time.
 */
export const TEST_UNDO_DELAY_MS = 2_000;

/** Shortens to TEST_UNDO_DELAY_MS the undo time of the deletions this test's browser makes. */
export async function shortenUndoDelay(worker: Worker): Promise<void> {
  await worker.evaluate(([key, ms]) => chrome.storage.session.set({ [key]: ms }), [
    UNDO_DELAY_FOR_TESTS_KEY,
    TEST_UNDO_DELAY_MS,
  ] as const);
}

/** Long enough for the tests' undo time (see shortenUndoDelay) and the DELETE, on a busy machine. */
export const DELETION_SENT_WITHIN_MS = 10_000;

/**
 * Waits until the service has no link at this short URL (its deletion sent after the undo time,
 * shortened first with shortenUndoDelay).
 */
export async function expectDeletedOnService(
  service: { baseUrl: string },
  apiKey: string,
  shortUrl: string,
) {
  await expect
    .poll(async () => (await getLink(service, apiKey, shortUrl)).status, {
      timeout: DELETION_SENT_WITHIN_MS,
      // Every quarter second, not the default's every second once past the first ones.
      intervals: [250],
    })
    .toBe(404);
}

/** Whether a request the browser made is the DELETE of this short URL. */
export const isDeleteOf = (request: Request, shortUrl: string) =>
  request.method() === 'DELETE' &&
  new URL(request.url()).pathname.endsWith(`/${backHalfOf(shortUrl)}`);

/**
 * Returns once every deletion made before has had its undo time, and its DELETE, unless undone, an
 * answer: deletes one more link, made for the purpose, from an options page of its own, and waits
 * until the service has it deleted. The background sends the deletions that are due in the order
 * they were made (lib/deletions/pending-deletions.ts), and with one undo time for all, they fall
 * due in that order too. Returns the short URL of that link.
 */
export async function deleteOneMoreAndWait(
  context: BrowserContext,
  extensionId: string,
  service: TestService,
  apiKey: string,
): Promise<string> {
  const last = await createLink(service, apiKey, {
    destination_url: 'https://deleted-last.example.com/',
  });
  const page = await openOptions(context, extensionId, 'links');
  await row(page, last.short_url).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectDeletedOnService(service, apiKey, last.short_url);
  await page.close();
  return last.short_url;
}
