// The service's first rows, shown while the rest of its answer arrives: counted as the rest comes,
// and, when they came before the cache was read (a slow disk), a change made while they are shown
// is carried by the cached whole list that replaces them, though it was read before the change.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import type { Link } from '../api/schemas.ts';
import type { AccountRef } from '../settings/connection.ts';
import { closeAccounts, openAccount } from './account.ts';
import { FIRST_SCREEN_LINKS } from './cache.ts';

/** A gate the test opens; open by itself after 2 s, so that a failing test ends. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
    setTimeout(resolve, 2_000);
  });
  return { open, opened };
}

let cacheAnswers = gate();

// The cache is read at once, as the page does; its answers are held until the test lets them go.
vi.mock('./cache.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./cache.ts')>();
  const held =
    <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const answer = await read(...args);
      await cacheAnswers.opened;
      return answer;
    };
  return {
    ...real,
    readCachedFirstScreen: held(real.readCachedFirstScreen),
    readCachedLinksVersion: held(real.readCachedLinksVersion),
  };
});

/**
 * The list's answer in pieces, cut before each row of `cuts` (its first rows in the first piece),
 * each piece after `between()` has resolved.
 */
function listAnswerInPieces(cuts: number[], between: () => Promise<unknown>) {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const answer = await realFetch(request);
    if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('/v1/links')) {
      return answer;
    }
    const text = await answer.text();
    const rows = (JSON.parse(text) as { links: unknown[] }).links;
    const at = [0, ...cuts.map((row) => text.indexOf(JSON.stringify(rows[row]))), text.length];
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let piece = 0; piece < at.length - 1; piece++) {
          if (piece > 0) await between();
          controller.enqueue(new TextEncoder().encode(text.slice(at[piece], at[piece + 1])));
        }
        controller.close();
      },
    });
    return new Response(body, { status: answer.status, headers: answer.headers });
  });
}

let service: TestService;
let connection: AccountRef;
let accounts = 0;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

beforeEach(async () => {
  fakeBrowser.reset();
  cacheAnswers = gate();
  cacheAnswers.open();
  const email = `first-rows-${++accounts}@example.com`;
  connection = {
    id: `account-${accounts}`,
    apiBaseUrl: service.baseUrl,
    apiKey: await service.createAccount(email),
  };
  await service.insertLinks(
    connection.apiKey,
    Array.from({ length: FIRST_SCREEN_LINKS + 10 }, (_, n) => ({
      backHalf: `rows-${accounts}-${n}`,
      destinationUrl: `https://example.com/rows/${n}`,
      title: `Row ${n}`,
      createdAt: Date.UTC(2026, 0, 1) + n * 60_000,
    })),
  );
  // The page opened once before: the cache holds the service's list.
  await openAccount(connection).loadLinks();
  closeAccounts();
});
afterEach(() => {
  closeAccounts();
  vi.restoreAllMocks();
});

it("keeps a change made while the service's first rows are shown, in the cached list that replaces them", async () => {
  cacheAnswers = gate();
  const theListsEnd = gate();
  listAnswerInPieces([FIRST_SCREEN_LINKS + 2], () => theListsEnd.opened);
  const account = openAccount(connection);
  let edited: Link | undefined;
  /** The title of the edited link in each whole list shown, the cached one first. */
  const titles: (string | undefined)[] = [];
  account.subscribe(() => {
    const { value, partOf } = account.getSnapshot().links;
    if (!value) return;
    if (partOf && partOf.total === undefined && !edited) {
      edited = value[0] as Link;
      void account.updateLink(edited, { title: 'Edited' });
      // The cache's answers, read before the edit, come now.
      cacheAnswers.open();
    }
    if (!partOf && edited) {
      const shortUrl = edited.shortUrl;
      const title = value.find((link) => link.shortUrl === shortUrl)?.title;
      if (titles.at(-1) !== title) titles.push(title);
      theListsEnd.open();
    }
  });

  await account.loadLinks();

  expect(edited).toBeDefined();
  expect(titles).toEqual(['Edited']);
});

it("counts the service's links as the rest of its answer arrives, after its first rows", async () => {
  // Another account id: no cache, the service's first rows are what the page shows first.
  const account = openAccount({ ...connection, id: 'never-opened' });
  listAnswerInPieces(
    [FIRST_SCREEN_LINKS + 2, FIRST_SCREEN_LINKS + 5, FIRST_SCREEN_LINKS + 8],
    // A few frames between two pieces.
    () => new Promise((resolve) => setTimeout(resolve, 60)),
  );
  const counts: string[] = [];
  account.subscribe(() => {
    const { value, partOf } = account.getSnapshot().links;
    if (!value) return;
    const count = partOf ? `${partOf.loaded ?? value.length} so far` : `${value.length} in all`;
    if (counts.at(-1) !== count) counts.push(count);
  });

  await account.loadLinks();

  // The first rows shown, then the rows that came with their piece, then each piece's.
  expect(counts).toEqual([
    `${FIRST_SCREEN_LINKS} so far`,
    `${FIRST_SCREEN_LINKS + 2} so far`,
    `${FIRST_SCREEN_LINKS + 5} so far`,
    `${FIRST_SCREEN_LINKS + 8} so far`,
    `${FIRST_SCREEN_LINKS + 10} in all`,
  ]);
});
