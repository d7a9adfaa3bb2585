// The storage's links on PostgreSQL: made one at a time or in bulk, listed, read, changed, deleted,
// and the redirect's look-up. A change or a deletion is announced to the other instances in the
// statement that makes it (link-changes.ts).
import { NEVER_CHECKED } from '../destination-health.ts';
import type { EndedLinks, LinkRow, LinkStorage, RedirectTarget } from '../storage.ts';
import { guarded, type Sql, storageError, unique } from './database.ts';
import { HEALTH_COLUMNS, RESET_HEALTH_WHEN } from './health-queries.ts';
import { LINK_CHANGES } from './link-changes.ts';
import { setLinkTags, TAGS_JSON, tagsJsonOf } from './tag-queries.ts';

const LINK_OWN_COLUMNS = `id, domain, back_half AS "backHalf", destination_url AS "destinationUrl", title,
  clicks, created_at AS "createdAt", expires_at AS "expiresAt", max_clicks AS "maxClicks",
  expired_url AS "expiredUrl", expired_visits AS "expiredVisits", password_hash AS "passwordHash",
  ${HEALTH_COLUMNS}`;
/** Every column of a LinkRow, its tags included. */
const LINK_COLUMNS = `${LINK_OWN_COLUMNS}, ${TAGS_JSON}`;

/** The links `links delete-expired` takes (EndedLinks). */
const endedCondition = (sql: Sql, { expiredBy, clickLimitReached }: EndedLinks) =>
  sql`((expires_at IS NOT NULL AND expires_at <= ${expiredBy})
    OR (${clickLimitReached} AND max_clicks IS NOT NULL AND clicks >= max_clicks))`;

/**
 * The account's links: after the account id, the destination state asked for (null: any) and,
 * with `byTags`, the tag keys they must all carry, as JSON.
 */
const linksOfAccountSql = (columns: string, byTags: boolean) =>
  `SELECT ${columns} FROM links WHERE account_id = $1
     AND ($2::text IS NULL OR destination_status = $2) ${
       byTags
         ? `AND id IN (SELECT lt.link_id FROM tags t JOIN link_tags lt ON lt.tag_id = t.id
           WHERE t.account_id = $1
             AND t.name_key IN (SELECT value FROM json_array_elements_text($3::text::json))
           GROUP BY lt.link_id HAVING count(*) = json_array_length($3::text::json))`
         : ''
     } ORDER BY created_at DESC, id DESC`;

/** A row read with the stored batch: no batch stored yet is batch 0. */
function withStoredBatch(row: LinkRow): LinkRow {
  return { ...row, storedBatch: row.storedBatch ?? 0 };
}

/** `storedBatchColumn`: this process's last stored click batch, as a column (see queries.ts). */
export function linkQueries(sql: Sql, storedBatchColumn: string): LinkStorage {
  return {
    insertLink: (accountId, link) =>
      unique(async () => {
        const end = {
          expiresAt: link.expiresAt ?? null,
          maxClicks: link.maxClicks ?? null,
          expiredUrl: link.expiredUrl ?? null,
          passwordHash: link.passwordHash ?? null,
        };
        const { tags, ...fields } = link;
        const insert = async (query: Pick<Sql, 'unsafe'>) => {
          const [row] = await query.unsafe(
            `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at,
               expires_at, max_clicks, expired_url, password_hash)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            [
              accountId,
              link.domain,
              link.backHalf,
              link.destinationUrl,
              link.title,
              link.createdAt,
              end.expiresAt,
              end.maxClicks,
              end.expiredUrl,
              end.passwordHash,
            ],
            { prepare: true },
          );
          return (row as unknown as { id: number }).id;
        };
        const made = { ...fields, ...end, ...NEVER_CHECKED, clicks: 0, expiredVisits: 0 };
        // Without tags, one statement and no transaction of its own: the create stays one round trip.
        if (!tags?.length) return { ...made, id: await insert(sql), tagsJson: '[]' };
        return (await sql.begin(async (tx) => {
          const id = await insert(tx);
          await setLinkTags(tx, accountId, id, tags);
          return { ...made, id, tagsJson: await tagsJsonOf(tx, id) };
        })) as LinkRow;
      }, 'back-half taken'),

    insertLinks: (accountId, links) =>
      guarded(async () => {
        if (links.length === 0) return { taken: [] };
        // One statement, so one transaction; the rows as one JSON parameter (postgres.js sends
        // no text arrays without fetch_types).
        const stored = await sql.begin(async (tx) => {
          const rows = await tx<{ id: number; domain: string; backHalf: string }[]>`
          INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at,
                             expires_at, max_clicks, expired_url)
          SELECT ${accountId}, domain, back_half, destination_url, title, created_at,
                 expires_at, max_clicks, expired_url
          FROM json_to_recordset(${JSON.stringify(
            links.map((link) => ({
              domain: link.domain,
              back_half: link.backHalf,
              destination_url: link.destinationUrl,
              title: link.title,
              created_at: link.createdAt,
              expires_at: link.expiresAt ?? null,
              max_clicks: link.maxClicks ?? null,
              expired_url: link.expiredUrl ?? null,
            })),
          )}::text::json) AS v(domain text, back_half text, destination_url text, title text,
                         created_at bigint, expires_at bigint, max_clicks bigint, expired_url text)
          ON CONFLICT (domain, back_half) DO NOTHING
          RETURNING id, domain, back_half AS "backHalf"`;
          const tagsOf = new Map(
            links.map((link) => [`${link.domain}/${link.backHalf}`, link.tags]),
          );
          for (const row of rows) {
            const tags = tagsOf.get(`${row.domain}/${row.backHalf}`);
            if (tags?.length) await setLinkTags(tx, accountId, row.id, tags);
          }
          return rows;
        });
        const made = new Set(stored.map((row) => `${row.domain}/${row.backHalf}`));
        return { taken: links.filter((link) => !made.has(`${link.domain}/${link.backHalf}`)) };
      }),

    async *eachLinkOf(accountId, filter = {}) {
      const tagKeys = filter.tagKeys ?? [];
      const byTags = tagKeys.length > 0;
      const status = filter.destinationStatus ?? null;
      // A cursor: 500 rows at a time, however many links there are.
      const batches = sql
        .unsafe(
          linksOfAccountSql(`${LINK_COLUMNS}, ${storedBatchColumn}`, byTags),
          byTags ? [accountId, status, JSON.stringify([...new Set(tagKeys)])] : [accountId, status],
          { prepare: true },
        )
        .cursor(500);
      try {
        for await (const rows of batches) {
          for (const row of rows) yield withStoredBatch(row as unknown as LinkRow);
        }
      } catch (error) {
        throw storageError(error);
      }
    },

    linkOf: (accountId, domain, backHalf) =>
      guarded(async () => {
        const [link] = await sql.unsafe(
          `SELECT ${LINK_COLUMNS}, ${storedBatchColumn} FROM links
           WHERE account_id = $1 AND domain = $2 AND back_half = $3`,
          [accountId, domain, backHalf],
          { prepare: true },
        );
        return link ? withStoredBatch(link as unknown as LinkRow) : undefined;
      }),

    updateLink: (accountId, domain, backHalf, changes) =>
      guarded(
        () =>
          sql.begin(async (tx) => {
            // The announcement is part of the change: sent at its commit, never without it.
            const [link] = await tx.unsafe(
              `WITH changed AS (
             UPDATE links SET destination_url = coalesce($1, destination_url),
               title = coalesce($2, title),
               expires_at = CASE WHEN $6 THEN $7::bigint ELSE expires_at END,
               max_clicks = CASE WHEN $8 THEN $9::bigint ELSE max_clicks END,
               expired_url = CASE WHEN $10 THEN $11::text ELSE expired_url END,
               password_hash = CASE WHEN $12 THEN $13::text ELSE password_hash END,
               ${RESET_HEALTH_WHEN('$1::text IS NOT NULL AND $1::text <> destination_url')}
             WHERE account_id = $3 AND domain = $4 AND back_half = $5
             RETURNING ${LINK_OWN_COLUMNS})
           SELECT changed.*, pg_notify('${LINK_CHANGES}', domain || '/' || "backHalf") AS notified,
             ${storedBatchColumn}
           FROM changed`,
              [
                changes.destinationUrl ?? null,
                changes.title ?? null,
                accountId,
                domain,
                backHalf,
                changes.expiresAt !== undefined,
                changes.expiresAt ?? null,
                changes.maxClicks !== undefined,
                changes.maxClicks ?? null,
                changes.expiredUrl !== undefined,
                changes.expiredUrl ?? null,
                changes.passwordHash !== undefined,
                changes.passwordHash ?? null,
              ],
              { prepare: true },
            );
            if (!link) return undefined;
            const { notified: _, ...row } = link as unknown as LinkRow & { notified: unknown };
            if (changes.tags) await setLinkTags(tx, accountId, row.id, changes.tags);
            return withStoredBatch({ ...row, tagsJson: await tagsJsonOf(tx, row.id) });
          }) as Promise<LinkRow | undefined>,
      ),

    deleteLink: (accountId, domain, backHalf) =>
      guarded(async () => {
        const deleted = await sql`WITH gone AS (
            DELETE FROM links
            WHERE account_id = ${accountId} AND domain = ${domain} AND back_half = ${backHalf}
            RETURNING domain, back_half)
          SELECT pg_notify(${LINK_CHANGES}, domain || '/' || back_half) FROM gone`;
        return deleted.length > 0;
      }),

    redirectTarget: (domain, backHalf) =>
      guarded(async () => {
        const [target] = await sql<RedirectTarget[]>`
          SELECT id, destination_url AS "destinationUrl", clicks, expires_at AS "expiresAt",
            max_clicks AS "maxClicks", expired_url AS "expiredUrl",
            password_hash AS "passwordHash" FROM links
          WHERE domain = ${domain} AND back_half = ${backHalf}`;
        return target;
      }),

    countEndedLinks: (ended) =>
      guarded(async () => {
        const [row] = await sql<{ count: number }[]>`
          SELECT count(*)::integer AS count FROM links WHERE ${endedCondition(sql, ended)}`;
        return row?.count ?? 0;
      }),

    // Each deleted link is announced, as deleteLink does: other instances drop it from memory.
    deleteEndedLinks: (ended, afterId, limit) =>
      guarded(async () => {
        const gone = await sql<{ id: number }[]>`WITH gone AS (
            DELETE FROM links WHERE id IN (
              SELECT id FROM links WHERE id > ${afterId} AND ${endedCondition(sql, ended)}
              ORDER BY id LIMIT ${limit})
            RETURNING id, domain, back_half)
          SELECT id, pg_notify(${LINK_CHANGES}, domain || '/' || back_half) FROM gone`;
        return {
          deleted: gone.length,
          lastId: gone.reduce((last, { id }) => Math.max(last, Number(id)), afterId),
        };
      }),
  };
}
