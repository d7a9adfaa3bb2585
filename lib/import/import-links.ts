// "Import N links": the checked rows created through the interface a few at a time, by the
// background, so that closing the options page does not stop it. The job (every row and what
// became of it) lives in extension storage: a restarted background carries on from it, and the
// options page draws from it. The rows go through the bulk pool (lib/bulk/pool.ts), as "Shorten all
// tabs" does, a few at a time. A 429 asking for a minute or less is waited out, at most three times
// per row (refused a fourth time, the row fails); a longer Retry-After fails the refused row and,
// unsent, every row that would start before then, and the job ends done with them failed
// (retryFailed sends them again). A create whose answer was lost may have made its link: before it
// is sent again the account's links are listed afresh and looked in, so an import run twice makes
// nothing twice.
import * as z from 'zod/mini';
import { matchHolder } from '../../contract/import-match.ts';
import { isApiError } from '../api/errors.ts';
import type { CreateLinkInput, Link } from '../api/schemas.ts';
import { findOrCreate, mayHaveBeenMade } from '../bulk/lost-answer.ts';
import { type Attempt, runBulk } from '../bulk/pool.ts';
import type { PlannedRow } from './import-plan.ts';

/**
 * Attempts of one row whose answer keeps being lost, before it is reported as failed. The pool
 * counts them within one run; the job no longer stores them (rows had `attempts`), so a background
 * restarted mid-import, or retryFailed, gives the row its attempts afresh. Each looks first, so
 * this makes nothing twice.
 */
const MAX_ATTEMPTS = 3;

export const JobRow = z.object({
  row: z.number(),
  destinationUrl: z.string(),
  backHalf: z.optional(z.string()),
  title: z.string(),
  domain: z.optional(z.string()),
  expiresAt: z.optional(z.string()),
  maxClicks: z.optional(z.number()),
  tags: z.optional(z.array(z.string())),
  outcome: z.optional(z.enum(['created', 'already_there', 'back_half_taken', 'invalid', 'failed'])),
  shortUrl: z.optional(z.string()),
  reason: z.optional(z.string()),
  /** Sent without its back-half, which another link holds ("give it a generated back-half"). */
  generated: z.optional(z.boolean()),
  /** Skipped by Check (already there, invalid, colliding): kept for the report, never sent. */
  atCheck: z.optional(z.boolean()),
  /** Sent, and its answer lost: look before sending it again. */
  uncertain: z.optional(z.boolean()),
});
export type JobRow = z.infer<typeof JobRow>;

export const ImportJob = z.object({
  id: z.string(),
  accountId: z.string(),
  state: z.enum(['running', 'paused', 'done']),
  /** A colliding back-half gets a generated one instead of being skipped. */
  generateOnCollision: z.boolean(),
  rows: z.array(JobRow),
  /** Until when the service asked us to wait (429 Retry-After), for the progress line. */
  waitUntil: z.optional(z.number()),
});
export type ImportJob = z.infer<typeof ImportJob>;

export function newImportJob(
  accountId: string,
  rows: readonly PlannedRow[],
  generateOnCollision: boolean,
  skippedAtCheck: readonly JobRow[] = [],
): ImportJob {
  return {
    id: crypto.randomUUID(),
    accountId,
    state: 'running',
    generateOnCollision,
    rows: [
      ...rows.map((row) => ({ ...row })),
      ...skippedAtCheck.map((row) => ({ ...row, atCheck: true })),
    ].sort((a, b) => a.row - b.row),
  };
}

/** Rows sent (or to send), and how many of them have an outcome. */
export function progressOf(job: ImportJob): { done: number; total: number; created: number } {
  const sent = job.rows.filter((row) => !row.atCheck);
  return {
    done: sent.filter((row) => row.outcome).length,
    total: sent.length,
    created: sent.filter((row) => row.outcome === 'created').length,
  };
}

export const doneCount = (job: ImportJob) => progressOf(job).done;

export type RunDeps = {
  createLink(input: CreateLinkInput): Promise<Link>;
  /**
   * Lists the account's links afresh: the one holding the row's back-half on its domain (for a row
   * without one, a link to its destination), whether or not it is the row's.
   */
  findLink(row: JobRow): Promise<Link | undefined>;
  /** Called after each row's outcome; the caller stores the job (throttled as it likes). */
  onChange(job: ImportJob): void;
  /** Read before each request: "Pause" sets it. */
  isPaused(): boolean;
  concurrency?: number;
  sleep?(milliseconds: number): Promise<void>;
};

const inputOf = (row: JobRow, withBackHalf: boolean): CreateLinkInput => ({
  destinationUrl: row.destinationUrl,
  title: row.title || undefined,
  backHalf: withBackHalf ? row.backHalf : undefined,
  domain: row.domain,
  expiresAt: row.expiresAt,
  maxClicks: row.maxClicks,
  tags: row.tags,
});

/**
 * Sends every row without an outcome through the bulk pool, until all have one or the job is
 * paused. A 429 that is waited out holds every request for its Retry-After (`waitUntil`, for the
 * progress line).
 */
export async function runImportJob(job: ImportJob, deps: RunDeps): Promise<ImportJob> {
  /** The row's own link, when the account has it: a link holding its back-half elsewhere is not. */
  const linkOfRow = async (row: JobRow) => {
    const found = matchHolder(row, await deps.findLink(row));
    return found.outcome === 'already_there' ? found.link : undefined;
  };

  /** Gives the row its outcome, or throws what the pool decides on (429s, lost answers, failures). */
  async function sendRow(row: JobRow, attempt: Attempt): Promise<void> {
    const withBackHalf = row.backHalf !== undefined && !row.generated;
    try {
      const { value: link } = await findOrCreate(
        attempt.lookFirst,
        () => linkOfRow(row),
        () => deps.createLink(inputOf(row, withBackHalf)),
      );
      Object.assign(row, { outcome: 'created', shortUrl: link.shortUrl, uncertain: false });
    } catch (error) {
      if (isApiError(error) && error.kind === 'back_half_taken') {
        // Taken by this very row's link when an earlier run made it and stopped before storing
        // the outcome (the browser stopped the background mid-import): the same destination.
        // Looked up only here, since Check already set collisions it knew of aside.
        const found = withBackHalf ? await linkOfRow(row).catch(() => undefined) : undefined;
        if (found) {
          Object.assign(row, { outcome: 'created', shortUrl: found.shortUrl, uncertain: false });
        } else if (job.generateOnCollision && withBackHalf) {
          row.generated = true;
          await sendRow(row, attempt);
        } else {
          Object.assign(row, { outcome: 'back_half_taken', reason: error.message });
        }
        return;
      }
      if (isApiError(error) && error.kind === 'invalid_input') {
        Object.assign(row, { outcome: 'invalid', reason: error.message });
        return;
      }
      // Unsettled: looked up first when it is tried again, now or when the import is resumed.
      if (mayHaveBeenMade(error)) row.uncertain = true;
      throw error;
    }
  }

  const queue = job.rows.filter((row) => !row.outcome);
  await runBulk(queue, sendRow, {
    concurrency: deps.concurrency,
    attempts: MAX_ATTEMPTS,
    lookFirst: (row) => row.uncertain === true,
    isPaused: deps.isPaused,
    sleep: deps.sleep,
    onHold(hold) {
      job.waitUntil = hold?.until;
      // A wait is shown at once; its end with the next row's outcome.
      if (hold) deps.onChange(job);
    },
    onSettled(settled, index) {
      const row = queue[index] as JobRow;
      if (!settled.ok) {
        const { error } = settled;
        Object.assign(row, {
          outcome: 'failed',
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      deps.onChange(job);
    },
  });
  if (!deps.isPaused()) job.state = 'done';
  job.waitUntil = undefined;
  deps.onChange(job);
  return job;
}

/** Rows that failed are tried again (looked up first when they may have been made). */
export function retryFailed(job: ImportJob): ImportJob {
  for (const row of job.rows) {
    if (row.outcome === 'failed') row.outcome = undefined;
  }
  job.state = 'running';
  return job;
}
