// "Check" in the Import links dialog: a file's rows held against the account's links (the cached
// list, refreshed first) before anything is sent. Pure, so that it runs in the parsing worker and
// in unit tests alike.
import {
  type ColumnMap,
  decodeImportFile,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportIssue,
  type ImportTable,
  importRows,
  readImportText,
} from '../../contract/import-file.ts';
import { type ImportKey, importIndex } from '../../contract/import-match.ts';
import {
  checkImportLinkEnd,
  checkImportRow,
  checkImportTags,
  type ImportRowIssue,
} from '../../contract/import-rows.ts';

/** A row to send: `domain` is a custom domain of the account, or undefined for the default one. */
export type PlannedRow = {
  row: number;
  destinationUrl: string;
  backHalf?: string;
  title: string;
  domain?: string;
  /** The row's expiry (ISO 8601) and click limit, where the account's service offers them. */
  expiresAt?: string;
  maxClicks?: number;
  /** The row's tags by name, where the account's service offers tags. */
  tags?: string[];
};

/**
 * A row set aside, as the report names it: its destination and back-half as checked (the
 * destination normalised), or as the file has them when the row could not be read as a link.
 */
export type RowAsRead = { row: number; destinationUrl: string; backHalf?: string };

export type ImportPlan = {
  toMake: PlannedRow[];
  /**
   * Same back-half and destination as a link the account has (or, with no back-half, same
   * destination), by contract/import-match.ts; `shortUrl` is '(this file)' for a row that an
   * earlier row of the file makes.
   */
  alreadyThere: (RowAsRead & { shortUrl: string })[];
  /** The back-half is the account's link to another destination on that domain. */
  collisions: (PlannedRow & { backHalf: string; heldBy: string })[];
  invalid: (RowAsRead & { issue: PlanRowIssue })[];
  /** Domains named by rows that the account has not added; those rows are in `invalid` too. */
  unknownDomains: string[];
};

export type AccountLinksAndDomains = {
  links: readonly { shortUrl: string; destinationUrl: string }[];
  /** The account's custom domains (hosts). */
  domains: readonly string[];
  /**
   * Whether the account's service offers an expiry and a click limit (lib/api/service-offer.ts):
   * a column it does not offer is not sent, and so neither checked nor a reason to set a row aside.
   */
  offered?: { expiresAt: boolean; maxClicks: boolean; tags?: boolean };
};

/** Why a row is set aside: the file's own rules, or a domain the account has not added. */
export type PlanRowIssue = ImportRowIssue | { code: 'domainNotAdded'; domain: string };

/** Why a file cannot be imported: the page says it in the person's language (import-text.ts). */
export type PlanIssue =
  | ImportIssue
  | { code: 'tooLarge'; megabytes: number }
  | { code: 'tooManyRows'; rows: number; max: number };

export type PlanResult =
  | { ok: true; plan: ImportPlan; table: ImportTable }
  | { ok: false; issue: PlanIssue; table?: ImportTable };

/**
 * What of a chosen file the plan reads: all of it, or, past the limit, one byte more than the
 * limit, which is enough for planImportFile to say the file is too large without holding 600 MB.
 */
export function importBytesOf(file: Blob): Promise<ArrayBuffer> {
  return (file.size > IMPORT_MAX_BYTES ? file.slice(0, IMPORT_MAX_BYTES + 1) : file).arrayBuffer();
}

/** The file's bytes, read and held against the account's links. */
export function planImportFile(
  bytes: Uint8Array,
  account: AccountLinksAndDomains,
  columns?: ColumnMap,
): PlanResult {
  if (bytes.byteLength > IMPORT_MAX_BYTES) {
    return { ok: false, issue: { code: 'tooLarge', megabytes: IMPORT_MAX_BYTES / 1024 / 1024 } };
  }
  const decoded = decodeImportFile(bytes);
  if ('issue' in decoded) return { ok: false, issue: decoded.issue };
  return planImportText(decoded.text, account, columns);
}

export function planImportText(
  text: string,
  account: AccountLinksAndDomains,
  columns?: ColumnMap,
  now = Date.now(),
): PlanResult {
  const read = readImportText(text);
  const table = read.table;
  if (!read.ok && (!table || columns?.destination === undefined)) {
    return { ok: false, issue: read.issue, table };
  }
  if (!table) return { ok: false, issue: { code: 'empty' } };
  if (table.rows.length > IMPORT_MAX_ROWS) {
    return {
      ok: false,
      issue: { code: 'tooManyRows', rows: table.rows.length, max: IMPORT_MAX_ROWS },
      table,
    };
  }
  return { ok: true, plan: planRows(table, account, columns, now), table };
}

/** A row of this file that will be made, as Check holds it for the rows after it. */
const THIS_FILE = '(this file)';

function planRows(
  table: ImportTable,
  account: AccountLinksAndDomains,
  columns: ColumnMap | undefined,
  now: number,
): ImportPlan {
  const offered = account.offered ?? { expiresAt: false, maxClicks: false };
  const custom = new Set(account.domains.map((domain) => domain.toLowerCase()));
  // A link on a host that is not one of the account's domains is on the default domain ('').
  const domainKey = (host: string) => (custom.has(host) ? host : '');
  const held = importIndex<ImportKey & { shortUrl: string }>();
  for (const link of account.links) {
    const url = new URL(link.shortUrl);
    held.hold({
      domain: domainKey(url.host.toLowerCase()),
      backHalf: decodeURIComponent(url.pathname.slice(1)),
      destinationUrl: link.destinationUrl,
      shortUrl: link.shortUrl,
    });
  }
  const plan: ImportPlan = {
    toMake: [],
    alreadyThere: [],
    collisions: [],
    invalid: [],
    unknownDomains: [],
  };
  const unknown = new Set<string>();
  for (const row of importRows(table, columns ?? table.columns)) {
    const checked = checkImportRow(row);
    if (!checked.ok) {
      plan.invalid.push({
        row: row.row,
        destinationUrl: row.destination,
        backHalf: row.backHalf || undefined,
        issue: checked.issue,
      });
      continue;
    }
    const { link } = checked;
    const end = checkImportLinkEnd(
      {
        expiresAt: offered.expiresAt ? row.expiresAt : '',
        maxClicks: offered.maxClicks ? row.maxClicks : '',
      },
      now,
    );
    if (!end.ok) {
      const { row: number, destinationUrl, backHalf } = link;
      plan.invalid.push({ row: number, destinationUrl, backHalf, issue: end.issue });
      continue;
    }
    const tags = checkImportTags({ tags: offered.tags ? row.tags : '' });
    if (!tags.ok) {
      const { row: number, destinationUrl, backHalf } = link;
      plan.invalid.push({ row: number, destinationUrl, backHalf, issue: tags.issue });
      continue;
    }
    if (link.domain !== undefined && !custom.has(link.domain)) {
      unknown.add(link.domain);
      plan.invalid.push({
        row: link.row,
        destinationUrl: link.destinationUrl,
        backHalf: link.backHalf,
        issue: { code: 'domainNotAdded', domain: link.domain },
      });
      continue;
    }
    const domain = link.domain ?? domainKey(link.shortUrlHost ?? '');
    const planned: PlannedRow = {
      row: link.row,
      destinationUrl: link.destinationUrl,
      backHalf: link.backHalf,
      title: link.title,
      domain: domain || undefined,
      expiresAt: end.expiresAt ?? undefined,
      maxClicks: end.maxClicks ?? undefined,
      ...(tags.tags.length > 0 && { tags: tags.tags }),
    };
    const key = { domain, backHalf: link.backHalf, destinationUrl: link.destinationUrl };
    const match = held.match(key);
    if (match.outcome === 'already_there') {
      plan.alreadyThere.push({
        row: link.row,
        destinationUrl: link.destinationUrl,
        backHalf: link.backHalf,
        shortUrl: match.link.shortUrl,
      });
    } else if (match.outcome === 'back_half_taken') {
      plan.collisions.push({
        ...planned,
        backHalf: match.heldBy.backHalf,
        heldBy: match.heldBy.destinationUrl,
      });
    } else {
      held.hold({ ...key, shortUrl: THIS_FILE });
      plan.toMake.push(planned);
    }
  }
  plan.unknownDomains = [...unknown];
  return plan;
}

/** The rows to send: with "generate", a colliding row is made with a generated back-half. */
export function rowsToSend(plan: ImportPlan, collisions: 'skip' | 'generate'): PlannedRow[] {
  if (collisions === 'skip') return plan.toMake;
  const generated = plan.collisions.map(({ heldBy: _, backHalf: __, ...row }) => row);
  return [...plan.toMake, ...generated].sort((a, b) => a.row - b.row);
}
