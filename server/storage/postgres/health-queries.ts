// The storage's destination health on PostgreSQL (destination-health.ts). Several instances share
// the database: a check is claimed by leasing its row in one statement (FOR UPDATE SKIP LOCKED, so
// two instances claiming at once take different rows), and the lease is let go with the result.
import type { DestinationStatus } from '../../../contract/link-health.ts';
import {
  CHECK_RUNNING_RETRY_MS,
  type CheckClaim,
  type DestinationHealth,
  emptyCounts,
  type HealthStorage,
} from '../destination-health.ts';
import { guarded, type Sql } from './database.ts';

export const HEALTH_COLUMNS = `destination_status AS "destinationStatus",
  destination_status_code AS "destinationStatusCode", destination_reason AS "destinationReason",
  destination_final_url AS "destinationFinalUrl", destination_checked_at AS "destinationCheckedAt"`;

/** A link's health as never checked, due at once: set when its destination changes. */
export const RESET_HEALTH_WHEN = (changed: string) =>
  ['status', 'status_code', 'reason', 'final_url', 'checked_at', 'errors_in_row', 'next_check_at']
    .map((column) => {
      const reset = column === 'status' ? `'unchecked'` : column === 'errors_in_row' ? '0' : 'NULL';
      return `destination_${column} = CASE WHEN ${changed} THEN ${reset} ELSE destination_${column} END`;
    })
    .join(',\n');

const CLAIM_COLUMNS = `id, destination_url AS "destinationUrl",
  destination_errors_in_row AS "serverErrorsInRow"`;

type StatusRow = DestinationHealth & {
  email: string;
  domain: string;
  backHalf: string;
  destinationUrl: string;
};

export function healthQueries(sql: Sql): HealthStorage {
  const recordCheck: HealthStorage['recordCheck'] = (claim, record) =>
    guarded(async () => {
      const { health } = record;
      // The lease is let go whether or not the result is stored (a changed destination).
      const [row] = await sql<{ stored: boolean }[]>`
        UPDATE links SET check_leased_until = NULL,
          destination_status = CASE WHEN matches AND ${health !== undefined}
            THEN ${health?.destinationStatus ?? null}::text ELSE destination_status END,
          destination_status_code = CASE WHEN matches AND ${health !== undefined}
            THEN ${health?.destinationStatusCode ?? null}::integer ELSE destination_status_code END,
          destination_reason = CASE WHEN matches AND ${health !== undefined}
            THEN ${health?.destinationReason ?? null}::text ELSE destination_reason END,
          destination_final_url = CASE WHEN matches AND ${health !== undefined}
            THEN ${health?.destinationFinalUrl ?? null}::text ELSE destination_final_url END,
          destination_checked_at = CASE WHEN matches AND ${health !== undefined}
            THEN ${health?.destinationCheckedAt ?? null}::bigint ELSE destination_checked_at END,
          destination_errors_in_row = CASE WHEN matches
            THEN ${record.serverErrorsInRow}::integer ELSE destination_errors_in_row END,
          destination_next_check_at = CASE WHEN matches
            THEN ${record.nextCheckAt}::bigint ELSE destination_next_check_at END
        FROM (SELECT destination_url = ${claim.destinationUrl} AS matches
              FROM links WHERE id = ${claim.id}) AS checked
        WHERE links.id = ${claim.id}
        RETURNING checked.matches AS stored`;
      return row?.stored === true;
    });

  return {
    claimDueChecks: (now, limit, leaseMs) =>
      guarded(async () => {
        const claimed = await sql<CheckClaim[]>`
          UPDATE links SET check_leased_until = ${now + leaseMs} WHERE id IN (
            SELECT id FROM links
            WHERE (destination_next_check_at IS NULL OR destination_next_check_at <= ${now})
              AND (check_leased_until IS NULL OR check_leased_until <= ${now})
            ORDER BY destination_next_check_at NULLS FIRST, id LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
          RETURNING ${sql.unsafe(CLAIM_COLUMNS)}`;
        return [...claimed];
      }),

    claimCheckNow: (accountId, domain, backHalf, now, leaseMs, minGapMs) =>
      guarded(async () => {
        const [claimed] = await sql<CheckClaim[]>`
          UPDATE links SET check_leased_until = ${now + leaseMs},
            destination_check_asked_at = ${now}
          WHERE account_id = ${accountId} AND domain = ${domain} AND back_half = ${backHalf}
            AND (destination_check_asked_at IS NULL
                 OR destination_check_asked_at <= ${now - minGapMs})
            AND (check_leased_until IS NULL OR check_leased_until <= ${now})
          RETURNING ${sql.unsafe(CLAIM_COLUMNS)}`;
        if (claimed) return { claimed };
        const [link] = await sql<{ askedAt: number | null; leasedUntil: number | null }[]>`
          SELECT destination_check_asked_at AS "askedAt", check_leased_until AS "leasedUntil"
          FROM links
          WHERE account_id = ${accountId} AND domain = ${domain} AND back_half = ${backHalf}`;
        if (!link) return undefined;
        // Free again by the time it is read (a lease just let go): one more second and ask again.
        const leased = Math.min(link.leasedUntil ?? 0, now + CHECK_RUNNING_RETRY_MS);
        const retryAt = Math.max((link.askedAt ?? 0) + minGapMs, leased, now + 1000);
        return { retryAt };
      }),

    recordCheck,

    // Each its own statement: the database does the work, and the event loop only waits for it.
    recordChecks: (checks) =>
      Promise.all(checks.map(({ claim, record }) => recordCheck(claim, record))),

    linkCount: () =>
      guarded(async () => {
        const [row] = await sql<{ count: number }[]>`SELECT count(*)::bigint AS count FROM links`;
        return row?.count ?? 0;
      }),

    destinationCounts: (accountId) =>
      guarded(async () => {
        const counts = emptyCounts();
        const rows = await sql<{ status: DestinationStatus; count: number }[]>`
          SELECT destination_status AS status, count(*)::bigint AS count FROM links
          WHERE ${accountId ?? null}::bigint IS NULL OR account_id = ${accountId ?? null}
          GROUP BY destination_status`;
        for (const { status, count } of rows) counts[status] = count;
        return counts;
      }),

    linksWithStatus: (status, accountId) =>
      guarded(async () => {
        const rows = await sql<StatusRow[]>`
          SELECT accounts.email, links.domain, links.back_half AS "backHalf",
            links.destination_url AS "destinationUrl", ${sql.unsafe(HEALTH_COLUMNS)}
          FROM links JOIN accounts ON accounts.id = links.account_id
          WHERE destination_status = ${status}
            AND (${accountId ?? null}::bigint IS NULL OR account_id = ${accountId ?? null})
          ORDER BY accounts.email, links.created_at, links.id`;
        return [...rows];
      }),
  };
}
