// The storage's tags on PostgreSQL: the account's tags, the tags of a link (set inside the
// transaction that makes or changes the link), and the bulk edit of many links at once, whose
// changes to redirects are announced as updateLink's are (link-changes.ts).
import { MAX_TAGS_PER_ACCOUNT } from '../../../contract/limits.ts';
import { type BulkLinkRead, distinctTags, linkKeyText, planBulkEdit } from '../bulk-plan.ts';
import {
  type CountedTag,
  TagLimitReached,
  type TagName,
  type TagRow,
  type TagStorage,
} from '../storage.ts';
import { guarded, type Sql, unique } from './database.ts';
import { LINK_CHANGES } from './link-changes.ts';

/**
 * A link's tags as JSON text, ordered by name: a column of any statement that reads `links`. The
 * schema's triggers keep it on the link's row (schema.ts).
 */
export const TAGS_JSON = 'tags_json AS "tagsJson"';

/** A transaction's or the pool's way of sending a query. */
type Query = Pick<Sql, 'unsafe'>;

const keysJson = (tags: readonly TagName[]) => JSON.stringify(distinctTags(tags));

/**
 * The ids of these tags, made (gray) where missing, inside a transaction: the account's tag
 * writes take turns (an advisory lock), so two of them cannot both take it past its limit.
 */
export async function ensureTags(
  tx: Query,
  accountId: number,
  tags: readonly TagName[],
): Promise<number[]> {
  if (tags.length === 0) return [];
  await tx.unsafe('SELECT pg_advisory_xact_lock(7404712, $1::int)', [accountId]);
  const made = await tx.unsafe(
    `INSERT INTO tags (account_id, name, name_key, color)
     SELECT $1, name, key, 'gray' FROM json_to_recordset($2::text::json) AS v(name text, key text)
     ON CONFLICT (account_id, name_key) DO NOTHING`,
    [accountId, keysJson(tags)],
  );
  if (made.count > 0) {
    const [row] = await tx.unsafe('SELECT count(*)::int AS n FROM tags WHERE account_id = $1', [
      accountId,
    ]);
    if ((row as unknown as { n: number }).n > MAX_TAGS_PER_ACCOUNT) {
      throw new TagLimitReached('tag limit reached');
    }
  }
  const rows = await tx.unsafe(
    `SELECT id FROM tags WHERE account_id = $1
       AND name_key IN (SELECT key FROM json_to_recordset($2::text::json) AS v(key text))`,
    [accountId, keysJson(tags)],
  );
  return rows.map((row) => (row as unknown as { id: number }).id);
}

/** Sets a link's whole set of tags, inside a transaction. */
export async function setLinkTags(
  tx: Query,
  accountId: number,
  linkId: number,
  tags: readonly TagName[],
): Promise<void> {
  const ids = await ensureTags(tx, accountId, tags);
  await tx.unsafe('DELETE FROM link_tags WHERE link_id = $1', [linkId]);
  await tx.unsafe(
    `INSERT INTO link_tags (link_id, tag_id)
     SELECT $1, value::bigint FROM json_array_elements_text($2::text::json)`,
    [linkId, JSON.stringify(ids)],
  );
}

export async function tagsJsonOf(tx: Query, linkId: number): Promise<string> {
  const [row] = await tx.unsafe(`SELECT ${TAGS_JSON} FROM links WHERE id = $1`, [linkId]);
  return (row as unknown as { tagsJson: string }).tagsJson;
}

const TAG_COLUMNS = 'id, name, color';

export function tagQueries(sql: Sql): TagStorage {
  return {
    tagsOf: (accountId) =>
      guarded(async () => {
        const rows = await sql.unsafe(
          `SELECT t.id, t.name, t.color, count(lt.link_id)::int AS links FROM tags t
           LEFT JOIN link_tags lt ON lt.tag_id = t.id WHERE t.account_id = $1
           GROUP BY t.id ORDER BY t.name_key, t.id`,
          [accountId],
        );
        return rows as unknown as CountedTag[];
      }),

    tagByKey: (accountId, key) =>
      guarded(async () => {
        const [row] = await sql.unsafe(
          `SELECT ${TAG_COLUMNS} FROM tags WHERE account_id = $1 AND name_key = $2`,
          [accountId, key],
        );
        return row as unknown as TagRow | undefined;
      }),

    createTag: (accountId, tag) =>
      unique(
        () =>
          sql.begin(async (tx) => {
            await tx.unsafe('SELECT pg_advisory_xact_lock(7404712, $1::int)', [accountId]);
            const [count] = await tx.unsafe(
              'SELECT count(*)::int AS n FROM tags WHERE account_id = $1',
              [accountId],
            );
            if ((count as unknown as { n: number }).n >= MAX_TAGS_PER_ACCOUNT) {
              throw new TagLimitReached('tag limit reached');
            }
            const [row] = await tx.unsafe(
              `INSERT INTO tags (account_id, name, name_key, color) VALUES ($1, $2, $3, $4)
               RETURNING ${TAG_COLUMNS}`,
              [accountId, tag.name, tag.key, tag.color],
            );
            return row as unknown as TagRow;
          }) as Promise<TagRow>,
        'tag name taken',
      ),

    updateTag: (accountId, id, changes) =>
      unique(async () => {
        const [row] = await sql.unsafe(
          `UPDATE tags SET name = coalesce($1, name), name_key = coalesce($2, name_key),
             color = coalesce($3, color)
           WHERE account_id = $4 AND id = $5 RETURNING ${TAG_COLUMNS}`,
          [
            changes.name?.name ?? null,
            changes.name?.key ?? null,
            changes.color ?? null,
            accountId,
            id,
          ],
        );
        return row as unknown as TagRow | undefined;
      }, 'tag name taken'),

    deleteTag: (accountId, id) =>
      guarded(async () => {
        const gone = await sql.unsafe('DELETE FROM tags WHERE account_id = $1 AND id = $2', [
          accountId,
          id,
        ]);
        return gone.count > 0;
      }),

    bulkEdit: (accountId, links, edit, partial) =>
      guarded(
        () =>
          sql.begin(async (tx) => {
            const rows = await tx.unsafe(
              `SELECT l.id, l.domain, l.back_half AS "backHalf",
                 l.destination_url AS "destinationUrl",
                 coalesce((SELECT json_agg(t.name_key) FROM link_tags lt JOIN tags t
                   ON t.id = lt.tag_id WHERE lt.link_id = l.id), '[]')::text AS "tagKeys"
               FROM links l JOIN (SELECT DISTINCT domain, back_half
                 FROM json_to_recordset($2::text::json) AS v(domain text, back_half text)) v
                 ON l.domain = v.domain AND l.back_half = v.back_half
               WHERE l.account_id = $1`,
              [
                accountId,
                JSON.stringify(links.map((l) => ({ domain: l.domain, back_half: l.backHalf }))),
              ],
            );
            const found = new Map<string, BulkLinkRead>();
            for (const row of rows as unknown as (BulkLinkRead & { tagKeys: string })[]) {
              found.set(linkKeyText(row), { ...row, tagKeys: JSON.parse(row.tagKeys) });
            }
            const plan = planBulkEdit(links, found, edit, partial);
            if (plan.toWrite.length > 0) {
              const ids = JSON.stringify([...new Set(plan.toWrite.map((change) => change.id))]);
              const addIds = JSON.stringify(await ensureTags(tx, accountId, edit.addTags));
              await tx.unsafe(
                `INSERT INTO link_tags (link_id, tag_id)
                 SELECT l.value::bigint, t.value::bigint
                 FROM json_array_elements_text($1::text::json) l,
                   json_array_elements_text($2::text::json) t
                 ON CONFLICT DO NOTHING`,
                [ids, addIds],
              );
              await tx.unsafe(
                `DELETE FROM link_tags WHERE link_id IN
                   (SELECT value::bigint FROM json_array_elements_text($1::text::json))
                 AND tag_id IN (SELECT id FROM tags WHERE account_id = $2
                   AND name_key IN (SELECT value FROM json_array_elements_text($3::text::json)))`,
                [ids, accountId, JSON.stringify(edit.removeTags)],
              );
              // The announcement is part of the change: sent at its commit, never without it.
              await tx.unsafe(
                `WITH changed AS (
                   UPDATE links l SET destination_url = coalesce(v.destination_url, l.destination_url),
                     expires_at = CASE WHEN $2 THEN $3::bigint ELSE l.expires_at END,
                     max_clicks = CASE WHEN $4 THEN $5::bigint ELSE l.max_clicks END
                   FROM json_to_recordset($1::text::json)
                     AS v(id bigint, destination_url text, notify boolean)
                   WHERE l.id = v.id RETURNING l.domain, l.back_half, v.notify)
                 SELECT pg_notify('${LINK_CHANGES}', domain || '/' || back_half) FROM changed
                 WHERE notify`,
                [
                  JSON.stringify(
                    plan.toWrite.map((change) => ({
                      id: change.id,
                      destination_url: change.destinationUrl ?? null,
                      notify: change.redirectChanged,
                    })),
                  ),
                  edit.expiresAt !== undefined,
                  edit.expiresAt ?? null,
                  edit.maxClicks !== undefined,
                  edit.maxClicks ?? null,
                ],
              );
            }
            return {
              applied: plan.applied,
              links: plan.answers,
              redirectsChanged: plan.toWrite
                .filter((change) => change.redirectChanged)
                .map((change) => change.link),
            };
          }) as Promise<Awaited<ReturnType<TagStorage['bulkEdit']>>>,
      ),
  };
}
