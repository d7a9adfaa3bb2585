import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createDeletionQueue,
  type DeleteLinks,
  PENDING_DELETIONS_ALARM,
  type PendingDeletion,
  readPendingDeletions,
  scheduleDeletion,
} from './pending-deletions.ts';
import { SHORTEST_UNDO_DELAY_MS, UNDO_DELAY_FOR_TESTS_KEY, UNDO_DELAY_MS } from './undo-delay.ts';

const START = Date.UTC(2026, 10, 26, 12);
let clock = START;
const now = () => clock;

const deletion = (id: string, shortUrls: string[], dueAt = START + UNDO_DELAY_MS) =>
  ({ id, accountId: 'first', shortUrls, dueAt }) satisfies PendingDeletion;

function recorder(answer: Awaited<ReturnType<DeleteLinks>> = []) {
  const sent: string[][] = [];
  const deleteLinks: DeleteLinks = async (_accountId, shortUrls) => {
    sent.push([...shortUrls]);
    return answer;
  };
  return { sent, deleteLinks };
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = START;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('the background queue of deletions', () => {
  it('sends nothing before the undo time is up, and the deletion when it is', async () => {
    const { sent, deleteLinks } = recorder();
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));

    await queue.sendDue();
    expect(sent).toEqual([]);
    expect(await readPendingDeletions()).toHaveLength(1);
    expect(await fakeBrowser.alarms.get(PENDING_DELETIONS_ALARM)).toMatchObject({
      scheduledTime: START + UNDO_DELAY_MS,
    });

    clock = START + UNDO_DELAY_MS;
    await queue.sendDue();
    expect(sent).toEqual([['https://sho.rt/a']]);
    expect(await readPendingDeletions()).toEqual([]);
    expect(await fakeBrowser.alarms.get(PENDING_DELETIONS_ALARM)).toBeUndefined();
  });

  it('sends nothing that was undone, and says too late once it is sent', async () => {
    const { sent, deleteLinks } = recorder();
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));
    await queue.schedule(deletion('b', ['https://sho.rt/b', 'https://sho.rt/c']));

    expect(await queue.undo('a')).toBe(true);
    expect(await queue.undo('a')).toBe(false);
    clock = START + UNDO_DELAY_MS;
    await queue.sendDue();
    expect(sent).toEqual([['https://sho.rt/b', 'https://sho.rt/c']]);
    expect(await queue.undo('b')).toBe(false);
  });

  it('sends on its own timer, without being asked', async () => {
    const { sent, deleteLinks } = recorder();
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));
    clock = START + UNDO_DELAY_MS;
    await vi.advanceTimersByTimeAsync(UNDO_DELAY_MS);
    await vi.waitFor(() => expect(sent).toEqual([['https://sho.rt/a']]));
  });

  it('keeps a deletion stored until its DELETE is answered, so a stopped background sends it again', async () => {
    let answer: () => void = () => {};
    const deleteLinks: DeleteLinks = () =>
      new Promise((resolve) => {
        answer = () => resolve([]);
      });
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));
    clock = START + UNDO_DELAY_MS;
    const sending = queue.sendDue();
    await vi.waitFor(async () => expect(await readPendingDeletions()).toHaveLength(1));

    // A new background (the old one stopped mid-request) finds it and sends it.
    const { sent, deleteLinks: again } = recorder();
    await createDeletionQueue({ deleteLinks: again, now }).sendDue();
    expect(sent).toEqual([['https://sho.rt/a']]);
    answer();
    await sending;
    expect(await readPendingDeletions()).toEqual([]);
  });

  it('an undo asked while the DELETE is under way waits for it and says too late', async () => {
    const noAnswer = () => {};
    let answer: () => void = noAnswer;
    const deleteLinks: DeleteLinks = () =>
      new Promise((resolve) => {
        answer = () => resolve([]);
      });
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));
    clock = START + UNDO_DELAY_MS;
    const sending = queue.sendDue();
    const undone = queue.undo('a');
    await vi.waitFor(() => expect(answer).not.toBe(noAnswer));
    answer();
    await sending;
    expect(await undone).toBe(false);
  });

  it('tells the pages what was not deleted, and why', async () => {
    const { deleteLinks } = recorder([
      { shortUrl: 'https://sho.rt/b', reason: 'Too many requests.' },
    ]);
    const told: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message) => void told.push(message));
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a', 'https://sho.rt/b']));
    clock = START + UNDO_DELAY_MS;
    await queue.sendDue();
    expect(told).toEqual([
      {
        type: 'deletion-finished',
        id: 'a',
        accountId: 'first',
        shortUrls: ['https://sho.rt/a', 'https://sho.rt/b'],
        dueAt: START + UNDO_DELAY_MS,
        failures: [{ shortUrl: 'https://sho.rt/b', reason: 'Too many requests.' }],
      },
    ]);
  });

  it('a failed send reports every link as not deleted and forgets the deletion', async () => {
    const deleteLinks: DeleteLinks = async () => {
      throw new TypeError('Failed to fetch');
    };
    const told: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((message) => void told.push(message));
    const queue = createDeletionQueue({ deleteLinks, now });
    await queue.schedule(deletion('a', ['https://sho.rt/a']));
    clock = START + UNDO_DELAY_MS;
    await queue.sendDue();
    expect(told).toMatchObject([{ failures: [{ shortUrl: 'https://sho.rt/a' }] }]);
    expect(await readPendingDeletions()).toEqual([]);
  });
});

describe('the undo time of a deletion a page schedules', () => {
  /** The due time of a deletion scheduled at START, as the background is handed it. */
  async function dueAtScheduled(): Promise<number> {
    fakeBrowser.runtime.onMessage.addListener((_message, _sender, sendResponse) => {
      sendResponse(true);
      return true;
    });
    return (await scheduleDeletion('first', ['https://sho.rt/a'], START)).dueAt;
  }

  it('is 10 seconds when nothing is stored', async () => {
    expect(UNDO_DELAY_MS).toBe(10_000);
    expect(await dueAtScheduled()).toBe(START + 10_000);
  });

  it('is the shorter time a test stored for its browser', async () => {
    await fakeBrowser.storage.session.set({ [UNDO_DELAY_FOR_TESTS_KEY]: 1_000 });
    expect(await dueAtScheduled()).toBe(START + 1_000);
  });

  it.each([
    ['longer than the default', UNDO_DELAY_MS + 1],
    ['shorter than an undo can be pressed', SHORTEST_UNDO_DELAY_MS - 1],
    ['zero', 0],
    ['negative', -1_000],
    ['not whole', 1_000.5],
    ['not a number', 'NaN'],
    ['a number as text', '1000'],
    ['infinite', Number.POSITIVE_INFINITY],
    ['null', null],
    ['an object', { ms: 1_000 }],
  ])('stays 10 seconds when the stored value is %s', async (_, stored) => {
    await fakeBrowser.storage.session.set({ [UNDO_DELAY_FOR_TESTS_KEY]: stored });
    expect(await dueAtScheduled()).toBe(START + UNDO_DELAY_MS);
  });

  it('stays 10 seconds when the value is in storage.local instead', async () => {
    await fakeBrowser.storage.local.set({ [UNDO_DELAY_FOR_TESTS_KEY]: 1_000 });
    expect(await dueAtScheduled()).toBe(START + UNDO_DELAY_MS);
  });
});
