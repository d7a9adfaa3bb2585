// The storage's tags on SQLite: the account's tags, the tags of a link (set inside the
// transaction that makes or changes the link), and the bulk edit of many links at once.
import { MAX_TAGS_PER_ACCOUNT } from '../../../contract/limits.ts';
import { type BulkLinkRead, distinctTags, linkKeyText, planBulkEdit } from '../bulk-plan.ts';
import {
  type CountedTag,
  TagLimitReached,
  type TagName,
  type TagRow,
  type TagStorage,
} from '../storage.ts';
import type { SqliteAccess } from './database.ts';

/**
 * A link's tags as JSON text, ordered by name: a column of any statement that reads `links`. The
 * schema's triggers keep it on the link's row (schema.ts).
 */
export const TAGS_JSON = 'tags_json AS tagsJson';

/**
 * The account's links newest first, with `tagCount` tag keys they must all carry, and with
 * `byStatus` only those whose destination is in one state: shared by the storage and the list
 * worker. Its parameters come from linksOfAccountParams.
 */
export function linksOfAccountSql(columns: string, tagCount: number, byStatus = false): string {
  const byTags =
    tagCount === 0
      ? ''
      : `AND id IN (SELECT lt.link_id FROM tags t JOIN link_tags lt ON lt.tag_id = t.id
           WHERE t.account_id = ? AND t.name_key IN (${Array(tagCount).fill('?').join(', ')})
           GROUP BY lt.link_id HAVING count(*) = ${tagCount})`;
  const inStatus = byStatus ? 'AND destination_status = ?' : '';
  return `SELECT ${columns} FROM links WHERE account_id = ? ${inStatus} ${byTags}
    ORDER BY created_at DESC, id DESC`;
}

/** The parameters of linksOfAccountSql: the account, the state, and the account again and the tags. */
export const linksOfAccountParams = (
  accountId: number,
  tagKeys: readonly string[],
  status?: string,
): (number | string)[] => [
  accountId,
  ...(status === undefined ? [] : [status]),
  ...(tagKeys.length === 0 ? [] : [accountId, ...tagKeys]),
];

const TAG_COLUMNS = 'id, name, color';

export function tagQueries(access: SqliteAccess) {
  const { get, all, run, transaction, rethrowUnique } = access;

  const tagCount = (accountId: number) =>
    (get<{ n: number }>('SELECT count(*) AS n FROM tags WHERE account_id = ?', accountId)?.n ??
      0) as number;

  /** The ids of these tags, made (gray) where missing; inside a transaction. */
  const ensureTags = (accountId: number, tags: readonly TagName[]): number[] => {
    let made = 0;
    const ids = distinctTags(tags).map((tag) => {
      const { changes } = run(
        `INSERT INTO tags (account_id, name, name_key, color) VALUES (?, ?, ?, 'gray')
         ON CONFLICT (account_id, name_key) DO NOTHING`,
        accountId,
        tag.name,
        tag.key,
      );
      made += Number(changes);
      return (
        get<{ id: number }>(
          'SELECT id FROM tags WHERE account_id = ? AND name_key = ?',
          accountId,
          tag.key,
        ) as { id: number }
      ).id;
    });
    if (made > 0 && tagCount(accountId) > MAX_TAGS_PER_ACCOUNT) {
      throw new TagLimitReached('tag limit reached');
    }
    return ids;
  };

  /** Sets a link's whole set of tags; inside a transaction. */
  const setLinkTags = (accountId: number, linkId: number, tags: readonly TagName[]) => {
    const ids = ensureTags(accountId, tags);
    run('DELETE FROM link_tags WHERE link_id = ?', linkId);
    for (const id of ids) run('INSERT INTO link_tags (link_id, tag_id) VALUES (?, ?)', linkId, id);
  };

  const storage: TagStorage = {
    async tagsOf(accountId) {
      return all<CountedTag>(
        `SELECT t.id, t.name, t.color, count(lt.link_id) AS links FROM tags t
         LEFT JOIN link_tags lt ON lt.tag_id = t.id WHERE t.account_id = ?
         GROUP BY t.id ORDER BY t.name_key, t.id`,
        accountId,
      );
    },

    async tagByKey(accountId, key) {
      return get<TagRow>(
        `SELECT ${TAG_COLUMNS} FROM tags WHERE account_id = ? AND name_key = ?`,
        accountId,
        key,
      );
    },

    async createTag(accountId, tag) {
      return transaction(() => {
        if (tagCount(accountId) >= MAX_TAGS_PER_ACCOUNT) {
          throw new TagLimitReached('tag limit reached');
        }
        try {
          return access
            .statement(
              `INSERT INTO tags (account_id, name, name_key, color) VALUES (?, ?, ?, ?)
               RETURNING ${TAG_COLUMNS}`,
            )
            .get(accountId, tag.name, tag.key, tag.color) as TagRow;
        } catch (error) {
          return rethrowUnique(error, 'tag name taken');
        }
      });
    },

    async updateTag(accountId, id, changes) {
      return transaction(() => {
        try {
          return access
            .statement(
              `UPDATE tags SET name = coalesce(?, name), name_key = coalesce(?, name_key),
                 color = coalesce(?, color)
               WHERE account_id = ? AND id = ? RETURNING ${TAG_COLUMNS}`,
            )
            .get(
              changes.name?.name ?? null,
              changes.name?.key ?? null,
              changes.color ?? null,
              accountId,
              id,
            ) as TagRow | undefined;
        } catch (error) {
          return rethrowUnique(error, 'tag name taken');
        }
      });
    },

    async deleteTag(accountId, id) {
      return transaction(
        () => run('DELETE FROM tags WHERE account_id = ? AND id = ?', accountId, id).changes > 0,
      );
    },

    async bulkEdit(accountId, links, edit, partial) {
      return transaction(() => {
        const found = new Map<string, BulkLinkRead>();
        for (const link of links) {
          const row = get<Omit<BulkLinkRead, 'tagKeys'> & { tagKeys: string }>(
            `SELECT id, domain, back_half AS backHalf, destination_url AS destinationUrl,
               (SELECT json_group_array(t.name_key) FROM link_tags lt JOIN tags t
                 ON t.id = lt.tag_id WHERE lt.link_id = links.id) AS tagKeys
             FROM links WHERE account_id = ? AND domain = ? AND back_half = ?`,
            accountId,
            link.domain,
            link.backHalf,
          );
          if (row) found.set(linkKeyText(link), { ...row, tagKeys: JSON.parse(row.tagKeys) });
        }
        const plan = planBulkEdit(links, found, edit, partial);
        if (plan.toWrite.length > 0) {
          const addIds = ensureTags(accountId, edit.addTags);
          const removeKeys = JSON.stringify(edit.removeTags);
          for (const change of plan.toWrite) {
            for (const tagId of addIds) {
              run(
                'INSERT INTO link_tags (link_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
                change.id,
                tagId,
              );
            }
            run(
              `DELETE FROM link_tags WHERE link_id = ? AND tag_id IN (SELECT id FROM tags
                 WHERE account_id = ? AND name_key IN (SELECT value FROM json_each(?)))`,
              change.id,
              accountId,
              removeKeys,
            );
            run(
              `UPDATE links SET destination_url = coalesce(?, destination_url),
                 expires_at = CASE WHEN ? THEN ? ELSE expires_at END,
                 max_clicks = CASE WHEN ? THEN ? ELSE max_clicks END
               WHERE id = ?`,
              change.destinationUrl ?? null,
              edit.expiresAt === undefined ? 0 : 1,
              edit.expiresAt ?? null,
              edit.maxClicks === undefined ? 0 : 1,
              edit.maxClicks ?? null,
              change.id,
            );
          }
        }
        return {
          applied: plan.applied,
          links: plan.answers,
          redirectsChanged: plan.toWrite
            .filter((change) => change.redirectChanged)
            .map((change) => change.link),
        };
      });
    },
  };
  return { storage, setLinkTags };
}
