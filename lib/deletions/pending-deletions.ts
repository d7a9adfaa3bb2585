// Deletions that wait for their "Undo": the options page hands each one to the background, which
// sends the DELETE when the undo time is up, also when the page was closed meanwhile. They are
// stored (browser.storage.local), so a background stopped by the browser finds them on waking; an
// alarm wakes it when nothing else does. The store is written by the background alone, one change
// at a time, and an entry leaves it only once its DELETE is answered: an undo then finds nothing
// to undo, and a background stopped while sending sends again on waking (a DELETE repeated is
// answered "not found", which counts as deleted).
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { openAccount } from '../account/account.ts';
import { isConfigured } from '../settings/account-choice.ts';
import { loadSettings } from '../settings/settings.ts';
import { describeApiError } from '../wording/error-text.ts';
import { UNDO_DELAY_FOR_TESTS_KEY, undoDelayOf } from './undo-delay.ts';

const STORAGE_KEY = 'pendingDeletions';
export const PENDING_DELETIONS_ALARM = 'pending-deletions';

export const PendingDeletion = z.object({
  id: z.string(),
  accountId: z.string(),
  shortUrls: z.array(z.string()),
  /** When the DELETE is sent (epoch milliseconds). */
  dueAt: z.number(),
});
export type PendingDeletion = z.infer<typeof PendingDeletion>;

const PendingDeletions = z.array(PendingDeletion);

const ScheduleRequest = z.object({
  type: z.literal('schedule-deletion'),
  deletion: PendingDeletion,
});
const UndoRequest = z.object({ type: z.literal('undo-deletion'), id: z.string() });

export const FinishedDeletion = z.object({
  type: z.literal('deletion-finished'),
  id: z.string(),
  accountId: z.string(),
  shortUrls: z.array(z.string()),
  /** The links the service did not delete, with what the person is told of each. */
  failures: z.array(z.object({ shortUrl: z.string(), reason: z.string() })),
});
export type FinishedDeletion = z.infer<typeof FinishedDeletion>;

export async function readPendingDeletions(): Promise<PendingDeletion[]> {
  const stored = await browser.storage.local.get(STORAGE_KEY);
  const parsed = PendingDeletions.safeParse(stored[STORAGE_KEY]);
  return parsed.success ? parsed.data : [];
}

/** Calls `onChange` with every pending deletion whenever the store changes. */
export function watchPendingDeletions(
  onChange: (deletions: PendingDeletion[]) => void,
): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local' || !(STORAGE_KEY in changes)) return;
    const parsed = PendingDeletions.safeParse(changes[STORAGE_KEY]?.newValue);
    onChange(parsed.success ? parsed.data : []);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

// ---- The pages' side

/** The undo time of a deletion scheduled now: UNDO_DELAY_MS, unless a test shortened it. */
async function readUndoDelayMs(): Promise<number> {
  const stored = await browser.storage.session
    ?.get(UNDO_DELAY_FOR_TESTS_KEY)
    .catch(() => undefined);
  return undoDelayOf(stored?.[UNDO_DELAY_FOR_TESTS_KEY]);
}

/**
 * Hands a deletion to the background, due once its undo time is up. Resolves once it is stored;
 * rejects when the background did not take it (the page then says so, and nothing is deleted).
 */
export async function scheduleDeletion(
  accountId: string,
  shortUrls: readonly string[],
  now = Date.now(),
): Promise<PendingDeletion> {
  const deletion: PendingDeletion = {
    id: crypto.randomUUID(),
    accountId,
    shortUrls: [...shortUrls],
    dueAt: now + (await readUndoDelayMs()),
  };
  const request: z.infer<typeof ScheduleRequest> = { type: 'schedule-deletion', deletion };
  const answer: unknown = await browser.runtime.sendMessage(request);
  if (answer !== true) throw new Error('The background did not take the deletion.');
  return deletion;
}

/** Whether the deletion was undone in time (false when its DELETE is already sent or under way). */
export async function undoDeletion(id: string): Promise<boolean> {
  const request: z.infer<typeof UndoRequest> = { type: 'undo-deletion', id };
  const answer: unknown = await browser.runtime.sendMessage(request);
  return answer === true;
}

/** Calls `onFinished` when the background has sent a deletion (any page's). */
export function listenForFinishedDeletions(
  onFinished: (finished: FinishedDeletion) => void,
): () => void {
  const listener = (message: unknown) => {
    const parsed = FinishedDeletion.safeParse(message);
    if (parsed.success) onFinished(parsed.data);
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}

// ---- The background's side

export type DeleteLinks = (
  accountId: string,
  shortUrls: readonly string[],
) => Promise<FinishedDeletion['failures']>;

/** Deletes through the account's object, which keeps the links cache in step. */
const deleteThroughAccount: DeleteLinks = async (accountId, shortUrls) => {
  const account = (await loadSettings()).accounts.find((each) => each.id === accountId);
  // The account was removed meanwhile: its key is gone, and so is what it would delete.
  if (!account || !isConfigured(account)) return [];
  const failures = await openAccount(account).deleteLinks(shortUrls);
  return failures.map(({ shortUrl, error }) => ({
    shortUrl,
    reason: describeApiError(error).message,
  }));
};

export type DeletionQueue = {
  schedule(deletion: PendingDeletion): Promise<void>;
  undo(id: string): Promise<boolean>;
  /** Sends every deletion that is due, then sets the timer and alarm for the next one. */
  sendDue(): Promise<void>;
};

export function createDeletionQueue({
  deleteLinks = deleteThroughAccount,
  now = Date.now,
}: {
  deleteLinks?: DeleteLinks;
  now?: () => number;
} = {}): DeletionQueue {
  // One change of the store at a time: an undo never interleaves with the send of the same entry.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => {});
    return turn;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = (deletions: PendingDeletion[]) =>
    browser.storage.local.set({ [STORAGE_KEY]: deletions });

  /** A timer for the exact moment; the alarm for a background stopped before it. */
  async function wakeForNext(deletions: PendingDeletion[]) {
    clearTimeout(timer);
    const next = Math.min(...deletions.map((deletion) => deletion.dueAt));
    if (!Number.isFinite(next)) {
      await browser.alarms.clear(PENDING_DELETIONS_ALARM);
      return;
    }
    timer = setTimeout(() => void sendDue().catch(() => {}), Math.max(0, next - now()));
    await browser.alarms.create(PENDING_DELETIONS_ALARM, { when: next });
  }

  async function sendOnce(): Promise<void> {
    const due = (await readPendingDeletions()).filter((deletion) => deletion.dueAt <= now());
    for (const deletion of due) {
      const failures = await deleteLinks(deletion.accountId, deletion.shortUrls).catch(
        (error: unknown) =>
          deletion.shortUrls.map((shortUrl) => ({
            shortUrl,
            reason: describeApiError(error).message,
          })),
      );
      const left = (await readPendingDeletions()).filter((each) => each.id !== deletion.id);
      await write(left);
      const finished: FinishedDeletion = { type: 'deletion-finished', ...deletion, failures };
      // No page open to hear it is fine: the list follows the cache when one opens.
      await browser.runtime.sendMessage(finished).catch(() => {});
    }
    await wakeForNext(await readPendingDeletions());
  }

  function sendDue(): Promise<void> {
    return inTurn(sendOnce);
  }

  return {
    schedule: (deletion) =>
      inTurn(async () => {
        const deletions = [...(await readPendingDeletions()), deletion];
        await write(deletions);
        await wakeForNext(deletions);
      }),
    undo: (id) =>
      inTurn(async () => {
        const deletions = await readPendingDeletions();
        const left = deletions.filter((deletion) => deletion.id !== id);
        if (left.length === deletions.length) return false;
        await write(left);
        await wakeForNext(left);
        return true;
      }),
    sendDue,
  };
}

/** Run by the background: takes the pages' deletions and sends those due, also on waking. */
export function listenForDeletionRequests(queue: DeletionQueue = createDeletionQueue()): void {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    const schedule = ScheduleRequest.safeParse(message);
    if (schedule.success) {
      queue.schedule(schedule.data.deletion).then(
        () => sendResponse(true),
        () => sendResponse(false),
      );
      return true;
    }
    const undo = UndoRequest.safeParse(message);
    if (undo.success) {
      queue.undo(undo.data.id).then(sendResponse, () => sendResponse(false));
      return true;
    }
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === PENDING_DELETIONS_ALARM) void queue.sendDue();
  });
  // Deletions that fell due while the background was stopped.
  void queue.sendDue();
}
