// Helpers of the Links browser tests: links made through the real API or seeded in its database.
import type { BrowserContext, Page } from '@playwright/test';
import { hashApiKey } from '../../server/keys.ts';
import type { TestService } from '../../server/test-service.ts';
import { expect } from './fixtures.ts';

export type WireLink = { short_url: string; destination_url: string; title: string };

export async function createLink(
  service: { baseUrl: string },
  apiKey: string,
  body: Record<string, string>,
): Promise<WireLink> {
  const response = await fetch(`${service.baseUrl}/v1/links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WireLink;
}

export async function getLink(service: { baseUrl: string }, apiKey: string, shortUrl: string) {
  const path = shortUrl.replace(/^https?:\/\//, '');
  return fetch(`${service.baseUrl}/v1/links/${path}`, {
    headers: { Authorization: `Bearer ${apiKey}` },
  });
}

export function seed(service: TestService, apiKey: string, count: number) {
  const owner = service.service.store.keyOwner(hashApiKey(apiKey));
  if (!owner) throw new Error('no account for the key');
  const start = Date.UTC(2026, 0, 1);
  for (let n = 0; n < count; n++) {
    service.service.store.insertLink(owner.accountId, {
      domain: '',
      backHalf: `seed${n}`,
      destinationUrl: `https://example.com/page/${n}`,
      title: `Seeded link ${n}`,
      createdAt: start + n * 60_000,
    });
  }
}

export async function openOptions(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { level: 2, name: 'Links' })).toBeVisible();
  return page;
}

export const rows = (page: Page) => page.locator('.links-list > li');
export const count = (page: Page) => page.locator('.links-count');
export const row = (page: Page, shortUrl: string) =>
  rows(page).filter({ has: page.getByRole('link', { name: shortUrl, exact: true }) });
