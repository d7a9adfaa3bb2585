// What the storage keeps of each link's destination health (issue 35), and the operations the
// checker schedules its checks with. Both engines store it in the links table; a check is claimed
// with a lease (check_leased_until) in one statement, so that however many instances run, one
// link is never checked twice at once.
import type { DestinationReason, DestinationStatus } from '../../contract/link-health.ts';

/** A link's destination as last found (the columns of the same names). */
export type DestinationHealth = {
  destinationStatus: DestinationStatus;
  destinationStatusCode: number | null;
  destinationReason: DestinationReason | null;
  destinationFinalUrl: string | null;
  /** Milliseconds since 1970 (UTC); null: never checked. */
  destinationCheckedAt: number | null;
};

export const NEVER_CHECKED: DestinationHealth = {
  destinationStatus: 'unchecked',
  destinationStatusCode: null,
  destinationReason: null,
  destinationFinalUrl: null,
  destinationCheckedAt: null,
};

/** A check this process holds the lease of: the destination as it was when claimed. */
export type CheckClaim = {
  id: number;
  destinationUrl: string;
  /** 5xx answers in a row before this check. */
  serverErrorsInRow: number;
};

/**
 * What a check leaves: the new health, or none to keep the stored one (a first 5xx, which counts
 * as broken only when the next check finds a 5xx too); and when to check next.
 */
export type CheckRecord = {
  health: DestinationHealth | undefined;
  serverErrorsInRow: number;
  nextCheckAt: number;
};

/**
 * How long one asking for a check while the scheduled one runs is told to wait: a check takes
 * seconds, though its lease is minutes.
 */
export const CHECK_RUNNING_RETRY_MS = 10_000;

/** A check asked for now: claimed, refused until `retryAt` (too soon, or running), or no link. */
export type CheckNowClaim = { claimed: CheckClaim } | { retryAt: number } | undefined;

export type HealthStorage = {
  /**
   * Leases up to `limit` links whose next check is due at `now` (never checked first, then the
   * longest due) and that no one holds, until `now + leaseMs`.
   */
  claimDueChecks(now: number, limit: number, leaseMs: number): Promise<CheckClaim[]>;
  /**
   * Leases the account's link for a check asked for now, unless one was asked for less than
   * `minGapMs` ago or it is being checked.
   */
  claimCheckNow(
    accountId: number,
    domain: string,
    backHalf: string,
    now: number,
    leaseMs: number,
    minGapMs: number,
  ): Promise<CheckNowClaim>;
  /**
   * Stores what a check found and lets go of its lease; nothing is stored when the destination
   * changed meanwhile (its health was reset with the change). Returns whether it was stored.
   */
  recordCheck(claim: CheckClaim, record: CheckRecord): Promise<boolean>;
  /** recordCheck for a few checks at once (the checker's batches); whether each was stored. */
  recordChecks(checks: { claim: CheckClaim; record: CheckRecord }[]): Promise<boolean[]>;
  /**
   * How many links there are, of every account: the checker's pace. Far cheaper than
   * destinationCounts, which reads an index entry per link (SQLite counts a table's b-tree page
   * by page without reading its rows), so the pace costs the redirects' thread nothing.
   */
  linkCount(): Promise<number>;
  /** How many links are in each state: of one account, or of all. */
  destinationCounts(accountId?: number): Promise<Record<DestinationStatus, number>>;
  /** The links in one state (of one account, or of all, with the account's email), oldest first. */
  linksWithStatus(
    status: DestinationStatus,
    accountId?: number,
  ): Promise<
    (DestinationHealth & {
      email: string;
      domain: string;
      backHalf: string;
      destinationUrl: string;
    })[]
  >;
};

export const emptyCounts = (): Record<DestinationStatus, number> => ({
  ok: 0,
  redirected: 0,
  broken: 0,
  unreachable: 0,
  unchecked: 0,
});
