// The service's bulk import: rows read from a CSV file (contract/import-file.ts) become links of one
// account, checked as the API checks a create, in transactions of a few thousand rows. Rows that
// are already there (same back-half and destination, or with no back-half the same destination:
// contract/import-match.ts, the rule the extension's import follows) are skipped, so a second run
// of the same file makes nothing.
import type { ImportRow } from '../../contract/import-file.ts';
import { type ImportKey, importIndex, matchHolder } from '../../contract/import-match.ts';
import { importReportCsv } from '../../contract/import-report.ts';
import {
  checkImportLinkEnd,
  checkImportRow,
  checkImportTags,
  type ImportOutcome,
} from '../../contract/import-rows.ts';
import { tagKey } from '../../contract/tag-fields.ts';
import { generateBackHalf } from '../links/back-half.ts';
import type { DestinationRules } from '../links/destinations.ts';
import { systemClock } from '../shared/clock.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import type { DomainKey, NewLink, Storage } from '../storage/storage.ts';

/** Rows per transaction: large enough to be fast, small enough not to hold the write lock long. */
export const IMPORT_BATCH_ROWS = 2_000;
const MAX_GENERATION_ATTEMPTS = 5;

export type SkippedRow = {
  row: number;
  outcome: Exclude<ImportOutcome, 'created'>;
  reason: string;
  destinationUrl: string;
  backHalf: string;
  /** The link already there, when it is known. */
  shortUrl?: string;
};

export type ImportResult = { counts: Record<ImportOutcome, number>; skipped: SkippedRow[] };

/**
 * The import stopped on a failure (a full disk, the database away): `sofar` is what the batches
 * stored before it did (each batch is whole or nothing), `cause` the failure.
 */
export class ImportStopped extends Error {
  override name = 'ImportStopped';
  readonly sofar: ImportResult;

  constructor(sofar: ImportResult, cause: unknown) {
    super(`The import stopped after ${sofar.counts.created} links: ${String(cause)}`, { cause });
    this.sofar = sofar;
  }
}

export type ImportDeps = {
  store: Storage;
  accountId: number;
  domains: ShortDomains;
  /** Build it with a remembering isCustomDomain: it is asked for most rows. */
  destinations: DestinationRules;
  batchRows?: number;
  onProgress?: (done: number, total: number) => void;
};

type Pending = { row: ImportRow; link: NewLink; generated: boolean };

export async function importLinks(
  rows: readonly ImportRow[],
  deps: ImportDeps,
): Promise<ImportResult> {
  const sofar: ImportResult = {
    counts: { created: 0, invalid: 0, back_half_taken: 0, already_there: 0 },
    skipped: [],
  };
  const sorted = () => ({ ...sofar, skipped: sofar.skipped.sort((a, b) => a.row - b.row) });
  try {
    await importInto(sofar, rows, deps);
  } catch (error) {
    throw new ImportStopped(sorted(), error);
  }
  return sorted();
}

/** Adds each row's outcome to `counts` and `skipped` as it goes, so a failure leaves them true. */
async function importInto(
  { counts, skipped }: ImportResult,
  rows: readonly ImportRow[],
  deps: ImportDeps,
): Promise<void> {
  const { store, accountId, domains } = deps;
  /** `link`: the row as checked (normalised destination, back-half from a short URL). */
  const skip = (
    row: ImportRow,
    outcome: SkippedRow['outcome'],
    reason: string,
    link?: { destinationUrl: string; backHalf?: string },
    shortUrl?: string,
  ) => {
    counts[outcome]++;
    skipped.push({
      row: row.row,
      outcome,
      reason,
      destinationUrl: link?.destinationUrl ?? row.destination,
      backHalf: link?.backHalf ?? row.backHalf,
      shortUrl,
    });
  };

  const accountDomains = new Set((await store.domainsOf(accountId)).map((domain) => domain.host));
  // What the account has, and what this file has asked for so far.
  const held = importIndex<ImportKey>();
  for await (const link of store.eachLinkOf(accountId)) {
    held.hold({
      domain: link.domain,
      backHalf: link.backHalf,
      destinationUrl: link.destinationUrl,
    });
  }
  const domainOfRow = (domain?: string, shortUrlHost?: string): DomainKey | string => {
    if (domain !== undefined) {
      const key = domains.domainOf(domain);
      if (key === undefined) return `The domain "${domain}" is not a host name.`;
      if (key !== '' && !accountDomains.has(key))
        return `The account has not added the domain ${domain}.`;
      return key;
    }
    // Another service's short domain (bit.ly) is not ours: the link keeps its back-half on the
    // default domain. Our own short domain, or one of the account's, is kept.
    const key = shortUrlHost === undefined ? '' : domains.domainOf(shortUrlHost);
    return key !== undefined && (key === '' || accountDomains.has(key)) ? key : '';
  };

  let batch: Pending[] = [];
  let done = 0;
  const flush = async () => {
    let attempt = 0;
    let now = batch;
    while (now.length > 0) {
      attempt++;
      const result = await store.insertLinks(
        accountId,
        now.map((pending) => pending.link),
      );
      const refused = new Set(result.taken);
      const again: Pending[] = [];
      for (const pending of now) {
        if (!refused.has(pending.link)) {
          counts.created++;
          continue;
        }
        const { domain, backHalf } = pending.link;
        if (pending.generated && attempt < MAX_GENERATION_ATTEMPTS) {
          again.push({ ...pending, link: { ...pending.link, backHalf: generateBackHalf() } });
          continue;
        }
        // Taken since the account's links were read: by this account with the same destination
        // (another import, the API) is already there; anything else is taken.
        const own = await store.linkOf(accountId, domain, backHalf);
        if (matchHolder(pending.link, own).outcome === 'already_there')
          skip(
            pending.row,
            'already_there',
            'The account already has this link.',
            pending.link,
            domains.shortUrl(domain, backHalf),
          );
        else
          skip(
            pending.row,
            'back_half_taken',
            `The back-half "${backHalf}" is already taken on ${domains.hostOf(domain)}.`,
            pending.link,
          );
      }
      now = again;
    }
    done += batch.length;
    batch = [];
  };

  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  for (const row of rows) {
    const checked = checkImportRow(row);
    if (!checked.ok) {
      skip(row, 'invalid', checked.reason);
      done++;
      continue;
    }
    const { link } = checked;
    const domain = domainOfRow(link.domain, link.shortUrlHost);
    if (domain !== '' && !accountDomains.has(domain)) {
      skip(row, 'invalid', domain, link);
      done++;
      continue;
    }
    const refusal = await deps.destinations.refusal(link.destinationUrl);
    if (refusal) {
      skip(row, 'invalid', refusal.message, link);
      done++;
      continue;
    }
    const tags = checkImportTags(row);
    if (!tags.ok) {
      skip(row, 'invalid', tags.reason, link);
      done++;
      continue;
    }
    const end = checkImportLinkEnd(row, systemClock.now());
    if (!end.ok) {
      skip(row, 'invalid', end.reason, link);
      done++;
      continue;
    }
    const key = { domain, backHalf: link.backHalf, destinationUrl: link.destinationUrl };
    const match = held.match(key);
    if (match.outcome !== 'new') {
      if (match.outcome === 'back_half_taken')
        skip(
          row,
          'back_half_taken',
          `The back-half "${link.backHalf}" is already taken on ${domains.hostOf(domain)}.`,
          link,
        );
      else {
        const there = match.link.backHalf;
        const shortUrl = there === undefined ? undefined : domains.shortUrl(domain, there);
        if (link.backHalf === undefined)
          skip(
            row,
            'already_there',
            'The account already has a link to this destination.',
            link,
            shortUrl,
          );
        else skip(row, 'already_there', 'The account already has this link.', link, shortUrl);
      }
      done++;
      continue;
    }
    held.hold(key);
    const backHalf = link.backHalf ?? generateBackHalf();
    batch.push({
      row,
      generated: link.backHalf === undefined,
      link: {
        domain,
        backHalf,
        destinationUrl: link.destinationUrl,
        title: link.title,
        createdAt: systemClock.now(),
        tags: tags.tags.map((name) => ({ name, key: tagKey(name) })),
        expiresAt: end.expiresAt === null ? null : Date.parse(end.expiresAt),
        maxClicks: end.maxClicks,
      },
    });
    if (batch.length >= batchRows) {
      await flush();
      deps.onProgress?.(done, rows.length);
    }
  }
  await flush();
  deps.onProgress?.(done, rows.length);
}

/** The skipped rows as CSV, one a line with its reason, in the columns of contract/import-report.ts. */
export function skippedReport(skipped: readonly SkippedRow[]): string {
  return importReportCsv(skipped);
}
