// `links delete-expired`: the links that have ended (their expiry passed, or their click limit
// reached), deleted a batch per transaction so that a large database is never locked for long, and
// counted.
import { AdminError } from '../accounts/admin.ts';
import type { EndedLinks, Storage } from '../storage/storage.ts';

/** Links deleted per transaction: each holds the write lock for milliseconds, not seconds. */
export const DELETE_BATCH_SIZE = 1_000;

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** `--before`: a calendar date (its start, UTC) or an ISO 8601 instant with its offset. */
export function parseBefore(text: string): number {
  const typed = text.trim();
  const [, year, month, day] = DATE.exec(typed)?.map(Number) ?? [];
  const ms = year === undefined ? Number.NaN : Date.parse(typed);
  // Date.parse rolls 2026-02-30 over to March: the day must read back as it was written.
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  if (
    Number.isNaN(ms) ||
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== (month ?? 0) - 1 ||
    calendar.getUTCDate() !== day
  ) {
    throw new AdminError(
      `--before must be a date such as 2026-01-31 or an instant with its offset such as 2026-01-31T12:00:00Z, not "${text}".`,
    );
  }
  return ms;
}

export type DeleteExpiredResult = {
  /** Links deleted, or with dryRun those that would be. */
  count: number;
  /** With --before in the past: links ended by their click limit, left alone (no end time). */
  keptByClickLimit: number;
};

/**
 * Deletes (or with dryRun counts) the links ended by `now`; with `before`, only those that ended
 * before it. A click limit's end has no time of its own, so with a `before` still to come those
 * links count as ended before it, and with one already past they are kept and counted apart.
 */
export async function deleteExpiredLinks(
  store: Pick<Storage, 'countEndedLinks' | 'deleteEndedLinks'>,
  options: { now: number; before?: number; dryRun?: boolean; batchSize?: number },
): Promise<DeleteExpiredResult> {
  const { now, before } = options;
  const ended: EndedLinks = {
    expiredBy: before === undefined ? now : Math.min(now, before - 1),
    clickLimitReached: before === undefined || before > now,
  };
  const keptByClickLimit = ended.clickLimitReached
    ? 0
    : (await store.countEndedLinks({ expiredBy: now, clickLimitReached: true })) -
      (await store.countEndedLinks({ expiredBy: now, clickLimitReached: false }));
  if (options.dryRun) return { count: await store.countEndedLinks(ended), keptByClickLimit };
  const batchSize = options.batchSize ?? DELETE_BATCH_SIZE;
  let count = 0;
  for (let afterId = 0; ; ) {
    const batch = await store.deleteEndedLinks(ended, afterId, batchSize);
    count += batch.deleted;
    afterId = batch.lastId;
    if (batch.deleted < batchSize) return { count, keptByClickLimit };
  }
}

const links = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'link' : 'links'}`;

/** What the command prints. */
export function deleteExpiredSummary(
  result: DeleteExpiredResult,
  options: { beforeText?: string; dryRun?: boolean },
): string {
  const which = options.beforeText
    ? `that ended before ${options.beforeText}`
    : `that ${result.count === 1 ? 'has' : 'have'} ended (expiry passed or click limit reached)`;
  const done = options.dryRun
    ? `Would delete ${links(result.count)} ${which}; nothing was deleted (--dry-run).`
    : `Deleted ${links(result.count)} ${which}.`;
  if (result.keptByClickLimit === 0) return done;
  const kept = result.keptByClickLimit;
  return `${done} Kept ${links(kept)} ended by ${kept === 1 ? 'its' : 'their'} click limit, which records no time of ending: run without --before to delete ${kept === 1 ? 'it' : 'them'}.`;
}
