// "Remove account" while the background is still listing that account's links (its cache upkeep,
// started by a popup opening): when the service answers, nothing of the account is written back.
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { linksStoreEntry } from '../support/links-store.ts';
import {
  addAccount,
  cachedLinks,
  configure,
  expect,
  openOptions,
  storedSettings,
  test,
} from './fixtures.ts';

/**
 * A loopback address in front of the service that holds each answer to a links listing until
 * `release`: the refresh is then in flight for as long as the test needs.
 */
async function holdingProxy(target: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let listed!: () => void;
  const listing = new Promise<void>((resolve) => {
    listed = resolve;
  });
  const server: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', target);
    const upstream = forward(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      async (answer) => {
        if (url.pathname.startsWith('/v1/links')) {
          listed();
          await released;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    listing,
    release,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('removing an account while its links are being listed leaves nothing of it stored', async ({
  context,
  worker,
  extensionId,
  service,
  account,
}) => {
  const otherKey = await service.createAccount(`removed-mid-refresh-${Date.now()}@example.com`);
  await service.insertLinks(otherKey, [
    { backHalf: `mid-refresh-${Date.now()}`, destinationUrl: 'https://example.com/removed' },
  ]);
  const proxy = await holdingProxy(service.baseUrl);
  try {
    await configure(worker, { apiBaseUrl: service.baseUrl, apiKey: account.apiKey });
    const removedId = await addAccount(worker, {
      name: 'Removed',
      apiBaseUrl: proxy.baseUrl,
      apiKey: otherKey,
    });
    const options = await openOptions(context, extensionId, 'accounts');

    // As a popup opening does: the background refreshes the account's links cache.
    await options.evaluate((accountId) => {
      (globalThis as { upkeep?: Promise<unknown> }).upkeep = chrome.runtime.sendMessage({
        type: 'links-for-page',
        urls: ['https://example.com/removed'],
        accountId,
      });
    }, removedId);
    await proxy.listing;

    await options
      .getByRole('article', { name: 'Removed' })
      .getByRole('button', { name: 'Remove account' })
      .click();
    await options
      .getByRole('dialog', { name: 'Remove Removed?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(options.getByRole('article')).toHaveCount(1);

    // The service answers now; the background is done once the popup's question is answered.
    proxy.release();
    await options.evaluate(() => (globalThis as { upkeep?: Promise<unknown> }).upkeep);

    expect(await cachedLinks(worker, removedId)).toBeUndefined();
    expect(await linksStoreEntry(worker, 'get', `${removedId}:first-screen`)).toBeUndefined();
    const settings = await storedSettings(worker);
    expect(JSON.stringify(settings)).not.toContain(removedId);
    expect(JSON.stringify(settings)).not.toContain(otherKey);
  } finally {
    await proxy.close();
  }
});
