// The import's home in the background: the job in extension storage, the options page's "Import N
// links", "Pause" and "Resume" as messages, and a running job taken up again when the background
// starts (the browser may have stopped it, or the options page was closed).
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { sameDestination } from '../../contract/import-match.ts';
import { openAccount } from '../account/account.ts';
import type { Link } from '../api/schemas.ts';
import { accountOrDefault, isConfigured } from '../settings/account-choice.ts';
import { loadSettings } from '../settings/settings.ts';
import { ImportJob, type JobRow, retryFailed, runImportJob } from './import-links.ts';

export const IMPORT_JOB_KEY = 'linkImport';
/** How often a running job is written to storage at most: every row would be megabytes a second. */
const SAVE_EVERY_MS = 300;

export const ImportMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('import-start'), job: ImportJob }),
  z.object({ type: z.literal('import-pause') }),
  z.object({ type: z.literal('import-resume') }),
]);
export type ImportMessage = z.infer<typeof ImportMessage>;

export async function readImportJob(): Promise<ImportJob | undefined> {
  const stored = await browser.storage.local.get(IMPORT_JOB_KEY);
  const job = ImportJob.safeParse(stored[IMPORT_JOB_KEY]);
  return job.success ? job.data : undefined;
}

const saveJob = (job: ImportJob) => browser.storage.local.set({ [IMPORT_JOB_KEY]: job });

/**
 * The row's link among the account's links, listed afresh: the one holding its back-half (on its
 * domain, or any host for the default one, whose host is not known here), or for a row without one
 * a link to its destination. The import (import-links.ts) holds it against the row by the import's
 * rule (contract/import-match.ts).
 */
function findIn(links: readonly Link[], row: JobRow): Link | undefined {
  if (row.backHalf && !row.generated) {
    return links.find((link) => {
      const url = new URL(link.shortUrl);
      const onDomain = row.domain ? url.host === row.domain : true;
      return onDomain && decodeURIComponent(url.pathname.slice(1)) === row.backHalf;
    });
  }
  return links.find((link) => sameDestination(link.destinationUrl, row.destinationUrl));
}

let running: Promise<void> | undefined;
let paused = false;

async function run(job: ImportJob): Promise<void> {
  const account = accountOrDefault(await loadSettings(), job.accountId);
  if (!isConfigured(account) || account.id !== job.accountId) {
    job.state = 'paused';
    await saveJob(job);
    return;
  }
  const opened = openAccount(account);
  let lastSave = 0;
  let savedWait: number | undefined;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let pending: Promise<void> = Promise.resolve();
  const save = () => {
    clearTimeout(trailing);
    trailing = undefined;
    lastSave = Date.now();
    savedWait = job.waitUntil;
    pending = pending.then(() => saveJob(job)).catch(() => {});
  };
  await runImportJob(job, {
    createLink: (input) => opened.createLink(input),
    findLink: async (row) => findIn(await opened.refreshLinks({ fresh: true }), row),
    isPaused: () => paused,
    onChange(changed) {
      // A wait the service asked for is shown at once; progress at most every SAVE_EVERY_MS,
      // the last change always (a trailing write).
      const waitChanged = changed.waitUntil !== savedWait;
      if (waitChanged || changed.state !== 'running' || Date.now() - lastSave >= SAVE_EVERY_MS)
        save();
      else trailing ??= setTimeout(save, SAVE_EVERY_MS - (Date.now() - lastSave));
    },
  });
  if (paused) job.state = 'paused';
  save();
  await pending;
}

/** Runs the stored job unless one runs already. */
function carryOn(): Promise<void> {
  running ??= (async () => {
    try {
      const job = await readImportJob();
      if (job && job.state === 'running') await run(job);
    } finally {
      running = undefined;
    }
  })();
  return running;
}

async function onMessage(message: ImportMessage): Promise<void> {
  if (message.type === 'import-start') {
    await running;
    paused = false;
    await saveJob(message.job);
    void carryOn();
  } else if (message.type === 'import-pause') {
    paused = true;
    await running;
    const job = await readImportJob();
    if (job && job.state === 'running') await saveJob({ ...job, state: 'paused' });
  } else {
    await running;
    paused = false;
    const job = await readImportJob();
    // Failed rows are tried again, looked up first where they may have been made.
    if (job) await saveJob(retryFailed(job));
    void carryOn();
  }
}

/** Run by the background at start: answers the options page and carries on a running job. */
export function startImportRunner(): void {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (sender.id !== browser.runtime.id) return;
    const parsed = ImportMessage.safeParse(message);
    if (!parsed.success) return;
    onMessage(parsed.data).then(
      () => sendResponse(true),
      () => sendResponse(false),
    );
    return true;
  });
  void carryOn();
}

/** Sent by the options page. */
export function sendImportMessage(message: ImportMessage): Promise<unknown> {
  return browser.runtime.sendMessage(message);
}
