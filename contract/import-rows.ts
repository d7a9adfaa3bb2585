// What a row read from an import file (import-file.ts) must be to become a link, checked by the
// API's field rules (wire.ts), and what became of each row. Shared by the extension's "Import
// links" and the service's `import` command, so that both refuse a row alike.
import * as z from 'zod/mini';
import type { ImportRow } from './import-file.ts';
import { LinkTagNames } from './tag-fields.ts';
import {
  BackHalf,
  DestinationUrl,
  DomainHost,
  EXPIRES_AT_PAST,
  EXPIRES_AT_RULE,
  ExpiresAt,
  MAX_CLICKS_RULE,
  MaxClicks,
  Title,
} from './wire.ts';
/**
 * A row as a link to create: the destination normalised as the API stores it, the back-half and
 * title checked by the same rules. `domain` is the row's own domain column; `shortUrlHost` the
 * host of its short URL (another service's host, or ours), which the importer may use as the
 * domain when the account has it.
 */
export type ImportLink = {
  row: number;
  destinationUrl: string;
  backHalf?: string;
  title: string;
  domain?: string;
  shortUrlHost?: string;
};

/** A link's fields as the API's rules (contract/wire.ts) name them. */
export type LinkField = 'destinationUrl' | 'backHalf' | 'title' | 'domain';

/**
 * The names of a tags cell: separated by `,` (ours, Dub's, Bitly's) or `|` (Shlink's), neither of
 * which a tag name may hold, each trimmed; empty ones dropped.
 */
export const tagNamesOfCell = (cell: string) =>
  cell
    .split(/[,|]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * A row's tags by the API's rules (at most 20 names, each a tag name), or the English sentence
 * that says why not. Apart from checkImportRow: each importer applies tags only where they are
 * offered.
 */
export function checkImportTags(
  row: Pick<ImportRow, 'tags'>,
):
  | { ok: true; tags: string[] }
  | { ok: false; issue: { code: 'tags'; rule: string }; reason: string } {
  const tags = z.safeParse(LinkTagNames, tagNamesOfCell(row.tags ?? ''));
  if (tags.success) return { ok: true, tags: tags.data };
  const reason = tags.error.issues[0]?.message ?? 'The tags are not valid.';
  return { ok: false, issue: { code: 'tags', rule: reason }, reason };
}

/** A cell of the expiry or click limit that breaks the API's rule, as its column is named. */
export type LinkEndProblem =
  | { column: 'expires_at'; problem: 'notInstant' | 'past' }
  | { column: 'max_clicks'; problem: 'notInRange' };

/**
 * A row's expiry and click limit by the API's rules (ExpiresAt, MaxClicks; the expiry ahead of
 * `now`), an empty cell being none; or the English sentence that says why not, naming the column.
 * Apart from checkImportRow, as tags are: each importer applies them only where they are offered.
 * A limit is digits only: `1e3` or `0x10` would be read as numbers no one typed.
 */
export function checkImportLinkEnd(
  row: Pick<ImportRow, 'expiresAt' | 'maxClicks'>,
  now = Date.now(),
):
  | { ok: true; expiresAt: string | null; maxClicks: number | null }
  | { ok: false; issue: LinkEndProblem & { code: 'linkEnd' }; reason: string } {
  const refuse = (problem: LinkEndProblem) => {
    const issue = { code: 'linkEnd' as const, ...problem };
    return { ok: false as const, issue, reason: importRowIssueEnglish(issue) };
  };
  const expiresCell = (row.expiresAt ?? '').trim();
  let expiresAt: string | null = null;
  if (expiresCell !== '') {
    const parsed = z.safeParse(ExpiresAt, expiresCell);
    if (!parsed.success || parsed.data === null) {
      return refuse({ column: 'expires_at', problem: 'notInstant' });
    }
    const time = Date.parse(parsed.data);
    if (time <= now) return refuse({ column: 'expires_at', problem: 'past' });
    expiresAt = new Date(time).toISOString();
  }
  const limitCell = (row.maxClicks ?? '').trim();
  let maxClicks: number | null = null;
  if (limitCell !== '') {
    const parsed = z.safeParse(MaxClicks, /^[0-9]+$/.test(limitCell) ? Number(limitCell) : NaN);
    if (!parsed.success || parsed.data === null) {
      return refuse({ column: 'max_clicks', problem: 'notInRange' });
    }
    maxClicks = parsed.data;
  }
  return { ok: true, expiresAt, maxClicks };
}

/**
 * Why a row is not imported, as a code and its values. A field that breaks the API's rules
 * carries the rule's zod issue: its message is the contract's English sentence, which the API
 * answers with as well; its code (and a custom check's params) tell the rule apart for a page.
 */
export type ImportRowIssue =
  | { code: 'destinationEmpty' }
  | { code: 'shortUrlNotAddress'; shortUrl: string }
  | { code: 'fieldRule'; field: LinkField; detail: z.core.$ZodIssue }
  | (LinkEndProblem & { code: 'linkEnd' })
  | { code: 'tags'; rule: string };

/** A row's issue in the English of the service's command line. */
export function importRowIssueEnglish(issue: ImportRowIssue): string {
  switch (issue.code) {
    case 'destinationEmpty':
      return 'The destination URL is empty.';
    case 'shortUrlNotAddress':
      return `The short URL "${issue.shortUrl}" is not a web address.`;
    case 'fieldRule':
      return issue.detail.message;
    case 'tags':
      return issue.rule;
    case 'linkEnd': {
      const rule = {
        notInstant: EXPIRES_AT_RULE,
        past: EXPIRES_AT_PAST,
        notInRange: MAX_CLICKS_RULE,
      };
      return `${rule[issue.problem].replace(/\.$/, '')} (column ${issue.column}).`;
    }
  }
}

export type ImportRowCheck =
  | { ok: true; link: ImportLink }
  | { ok: false; row: number; issue: ImportRowIssue; reason: string };

/** Checks one row by the API's field rules (contract/wire.ts); the reason is one sentence. */
export function checkImportRow(row: ImportRow): ImportRowCheck {
  const refuse = (issue: ImportRowIssue): ImportRowCheck => ({
    ok: false,
    row: row.row,
    issue,
    reason: importRowIssueEnglish(issue),
  });
  const broken = (field: LinkField, error: z.core.$ZodError) =>
    refuse({
      code: 'fieldRule',
      field,
      detail: error.issues[0] ?? { code: 'custom', message: 'Invalid.', path: [], input: '' },
    });
  if (row.destination === '') return refuse({ code: 'destinationEmpty' });
  const destination = z.safeParse(DestinationUrl, row.destination);
  if (!destination.success) return broken('destinationUrl', destination.error);
  let backHalf = row.backHalf || undefined;
  let shortUrlHost: string | undefined;
  if (row.shortUrl !== '') {
    let url: URL | undefined;
    try {
      url = new URL(
        /^[a-z][a-z0-9+.-]*:\/\//i.test(row.shortUrl) ? row.shortUrl : `https://${row.shortUrl}`,
      );
    } catch {
      url = undefined;
    }
    if (!url) return refuse({ code: 'shortUrlNotAddress', shortUrl: row.shortUrl });
    shortUrlHost = url.host.toLowerCase();
    if (backHalf === undefined) {
      let path: string;
      try {
        path = decodeURIComponent(url.pathname.slice(1));
      } catch {
        path = url.pathname.slice(1);
      }
      backHalf = path || undefined;
    }
  }
  if (backHalf !== undefined) {
    const checked = z.safeParse(BackHalf, backHalf);
    if (!checked.success) return broken('backHalf', checked.error);
  }
  const title = z.safeParse(Title, row.title);
  if (!title.success) return broken('title', title.error);
  let domain: string | undefined;
  if (row.domain !== '') {
    const checked = z.safeParse(DomainHost, row.domain);
    if (!checked.success) return broken('domain', checked.error);
    domain = checked.data.toLowerCase();
  }
  return {
    ok: true,
    link: {
      row: row.row,
      destinationUrl: destination.data,
      backHalf,
      title: title.data,
      domain,
      shortUrlHost,
    },
  };
}

/** What became of a row, as the summary and the report count it. */
export type ImportOutcome = 'created' | 'invalid' | 'back_half_taken' | 'already_there';

export const IMPORT_OUTCOME_WORDS: Record<ImportOutcome, string> = {
  created: 'created',
  invalid: 'invalid',
  back_half_taken: 'back-half taken',
  already_there: 'already there',
};

/** The last line of an import: `Imported N links; skipped M (invalid: a, back-half taken: b, already there: c)`. */
export function importSummary(counts: Record<ImportOutcome, number>): string {
  const skipped = counts.invalid + counts.back_half_taken + counts.already_there;
  return `Imported ${counts.created} ${counts.created === 1 ? 'link' : 'links'}; skipped ${skipped} (invalid: ${counts.invalid}, back-half taken: ${counts.back_half_taken}, already there: ${counts.already_there})`;
}
