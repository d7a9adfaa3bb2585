// The storage's destination health on SQLite (destination-health.ts). One process writes a SQLite
// file at a time, and each claim is one write transaction, so a lease is never taken twice.
import type { DestinationStatus } from '../../../contract/link-health.ts';
import {
  CHECK_RUNNING_RETRY_MS,
  type CheckClaim,
  type CheckRecord,
  type DestinationHealth,
  emptyCounts,
  type HealthStorage,
} from '../destination-health.ts';
import type { SqliteAccess } from './database.ts';

export const HEALTH_COLUMNS = `destination_status AS destinationStatus,
  destination_status_code AS destinationStatusCode, destination_reason AS destinationReason,
  destination_final_url AS destinationFinalUrl, destination_checked_at AS destinationCheckedAt`;

/** A link's health as never checked, due at once (a new destination). */
export const RESET_HEALTH = `destination_status = 'unchecked', destination_status_code = NULL,
  destination_reason = NULL, destination_final_url = NULL, destination_checked_at = NULL,
  destination_errors_in_row = 0, destination_next_check_at = NULL`;

const CLAIM_COLUMNS = `id, destination_url AS destinationUrl,
  destination_errors_in_row AS serverErrorsInRow`;

export function healthQueries({ get, all, run, transaction }: SqliteAccess): HealthStorage {
  /** Inside a transaction: what a check found stored, its lease let go; whether it was stored. */
  const storeCheck = (claim: CheckClaim, record: CheckRecord): boolean => {
    const { health } = record;
    const stored = health
      ? run(
          `UPDATE links SET destination_status = ?, destination_status_code = ?,
             destination_reason = ?, destination_final_url = ?, destination_checked_at = ?,
             destination_errors_in_row = ?, destination_next_check_at = ?,
             check_leased_until = NULL
           WHERE id = ? AND destination_url = ?`,
          health.destinationStatus,
          health.destinationStatusCode,
          health.destinationReason,
          health.destinationFinalUrl,
          health.destinationCheckedAt,
          record.serverErrorsInRow,
          record.nextCheckAt,
          claim.id,
          claim.destinationUrl,
        )
      : run(
          `UPDATE links SET destination_errors_in_row = ?, destination_next_check_at = ?,
             check_leased_until = NULL
           WHERE id = ? AND destination_url = ?`,
          record.serverErrorsInRow,
          record.nextCheckAt,
          claim.id,
          claim.destinationUrl,
        );
    if (Number(stored.changes) > 0) return true;
    run('UPDATE links SET check_leased_until = NULL WHERE id = ?', claim.id);
    return false;
  };

  return {
    async claimDueChecks(now, limit, leaseMs) {
      return transaction(() =>
        all<CheckClaim>(
          `UPDATE links SET check_leased_until = ?1 WHERE id IN (
             SELECT id FROM links
             WHERE (destination_next_check_at IS NULL OR destination_next_check_at <= ?2)
               AND (check_leased_until IS NULL OR check_leased_until <= ?2)
             ORDER BY destination_next_check_at, id LIMIT ?3)
           RETURNING ${CLAIM_COLUMNS}`,
          now + leaseMs,
          now,
          limit,
        ),
      );
    },

    async claimCheckNow(accountId, domain, backHalf, now, leaseMs, minGapMs) {
      return transaction(() => {
        const link = get<{ askedAt: number | null; leasedUntil: number | null }>(
          `SELECT destination_check_asked_at AS askedAt, check_leased_until AS leasedUntil
           FROM links WHERE account_id = ? AND domain = ? AND back_half = ?`,
          accountId,
          domain,
          backHalf,
        );
        if (!link) return undefined;
        const retryAt = Math.max(
          (link.askedAt ?? 0) + minGapMs,
          Math.min(link.leasedUntil ?? 0, now + CHECK_RUNNING_RETRY_MS),
        );
        if (retryAt > now) return { retryAt };
        const claimed = get<CheckClaim>(
          `UPDATE links SET check_leased_until = ?, destination_check_asked_at = ?
           WHERE account_id = ? AND domain = ? AND back_half = ? RETURNING ${CLAIM_COLUMNS}`,
          now + leaseMs,
          now,
          accountId,
          domain,
          backHalf,
        ) as CheckClaim;
        return { claimed };
      });
    },

    async recordCheck(claim, record) {
      return transaction(() => storeCheck(claim, record));
    },

    async recordChecks(checks) {
      return transaction(() => checks.map(({ claim, record }) => storeCheck(claim, record)));
    },

    async linkCount() {
      return get<{ count: number }>('SELECT count(*) AS count FROM links')?.count ?? 0;
    },

    async destinationCounts(accountId) {
      const counts = emptyCounts();
      const rows = all<{ status: DestinationStatus; count: number }>(
        `SELECT destination_status AS status, count(*) AS count FROM links
         WHERE ?1 IS NULL OR account_id = ?1 GROUP BY destination_status`,
        accountId ?? null,
      );
      for (const { status, count } of rows) counts[status] = count;
      return counts;
    },

    async linksWithStatus(status, accountId) {
      return all<
        DestinationHealth & {
          email: string;
          domain: string;
          backHalf: string;
          destinationUrl: string;
        }
      >(
        `SELECT accounts.email, links.domain, links.back_half AS backHalf,
           links.destination_url AS destinationUrl, ${HEALTH_COLUMNS}
         FROM links JOIN accounts ON accounts.id = links.account_id
         WHERE destination_status = ?1 AND (?2 IS NULL OR account_id = ?2)
         ORDER BY accounts.email, links.created_at, links.id`,
        status,
        accountId ?? null,
      );
    },
  };
}
