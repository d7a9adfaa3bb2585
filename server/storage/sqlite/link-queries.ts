// The storage's links on SQLite: made one at a time or in bulk, listed, read, changed, deleted,
// and the redirect's look-up.
import { NEVER_CHECKED } from '../destination-health.ts';
import type {
  DomainKey,
  EndedLinks,
  LinkRow,
  LinkStorage,
  NewLink,
  RedirectTarget,
} from '../storage.ts';
import type { SqliteAccess } from './database.ts';
import { HEALTH_COLUMNS, RESET_HEALTH } from './health-queries.ts';
import { linksOfAccountParams, linksOfAccountSql, TAGS_JSON, tagQueries } from './tag-queries.ts';
import type { WriteBatches } from './write-batches.ts';

/** A link's own columns, without its tags (which RETURNING would read before they are set). */
const LINK_OWN_COLUMNS = `id, domain, back_half AS backHalf, destination_url AS destinationUrl,
  title, clicks, created_at AS createdAt, expires_at AS expiresAt, max_clicks AS maxClicks,
  expired_url AS expiredUrl, expired_visits AS expiredVisits, password_hash AS passwordHash,
  ${HEALTH_COLUMNS}`;
/** Every column of a LinkRow, its tags included. */
export const LINK_COLUMNS = `${LINK_OWN_COLUMNS}, ${TAGS_JSON}`;

const INSERT_LINK = `INSERT INTO links (account_id, domain, back_half, destination_url, title,
  created_at, expires_at, max_clicks, expired_url, password_hash)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The links `links delete-expired` takes (EndedLinks), given its two values in order. */
const ENDED = `((expires_at IS NOT NULL AND expires_at <= ?)
  OR (? AND max_clicks IS NOT NULL AND clicks >= max_clicks))`;
const endedValues = ({ expiredBy, clickLimitReached }: EndedLinks) =>
  [expiredBy, clickLimitReached ? 1 : 0] as const;

const linkValues = (accountId: number, link: NewLink) =>
  [
    accountId,
    link.domain,
    link.backHalf,
    link.destinationUrl,
    link.title,
    link.createdAt,
    link.expiresAt ?? null,
    link.maxClicks ?? null,
    link.expiredUrl ?? null,
    link.passwordHash ?? null,
  ] as const;

/**
 * The row a link without tags has once made, as linkById would read it: every other column is
 * the schema's default. A create is answered from it without a read of the row it just wrote.
 */
const madeLinkRow = (id: number, link: NewLink): LinkRow => ({
  id,
  domain: link.domain,
  backHalf: link.backHalf,
  destinationUrl: link.destinationUrl,
  title: link.title,
  clicks: 0,
  createdAt: link.createdAt,
  expiresAt: link.expiresAt ?? null,
  maxClicks: link.maxClicks ?? null,
  expiredUrl: link.expiredUrl ?? null,
  expiredVisits: 0,
  passwordHash: link.passwordHash ?? null,
  ...NEVER_CHECKED,
  tagsJson: '[]',
});

/** An end field or the password of an update: `[given, value]`, so that null (clear) differs from absent (keep). */
const endChange = <T>(value: T | null | undefined) =>
  [value === undefined ? 0 : 1, value ?? null] as const;

export function linkQueries(access: SqliteAccess, batches: WriteBatches): LinkStorage {
  const { db, statement, guarded, get, all, run, transaction, rethrowUnique } = access;
  const { setLinkTags } = tagQueries(access);
  const linkById = (id: number) =>
    statement(`SELECT ${LINK_COLUMNS} FROM links WHERE id = ?`).get(id) as LinkRow;
  return {
    // Creates come many at once: they share a transaction (write-batches.ts).
    insertLink(accountId, link: NewLink) {
      return batches.write((): LinkRow => {
        let id: number;
        try {
          id = Number(run(INSERT_LINK, ...linkValues(accountId, link)).lastInsertRowid);
        } catch (error) {
          return rethrowUnique(error, 'back-half taken');
        }
        if (!link.tags?.length) return madeLinkRow(id, link);
        setLinkTags(accountId, id, link.tags);
        return linkById(id);
      });
    },

    async insertLinks(accountId, links) {
      return transaction(() => {
        const taken: NewLink[] = [];
        for (const link of links) {
          const { changes, lastInsertRowid } = run(
            `${INSERT_LINK} ON CONFLICT (domain, back_half) DO NOTHING`,
            ...linkValues(accountId, link),
          );
          if (Number(changes) === 0) taken.push(link);
          else if (link.tags?.length) {
            setLinkTags(accountId, Number(lastInsertRowid), link.tags);
          }
        }
        return { taken };
      });
    },

    /**
     * The account's links newest first, read a row at a time as the caller asks for them. Its own
     * statement, so that two lists can be read at once; returning the iterator early ends the read.
     */
    async *eachLinkOf(accountId, filter = {}) {
      const tagKeys = filter.tagKeys ?? [];
      const status = filter.destinationStatus;
      const rows = guarded(
        () =>
          db
            .prepare(linksOfAccountSql(LINK_COLUMNS, tagKeys.length, status !== undefined))
            .iterate(
              ...linksOfAccountParams(accountId, tagKeys, status),
            ) as IterableIterator<LinkRow>,
      );
      try {
        for (;;) {
          const next = guarded(() => rows.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        rows.return?.();
      }
    },

    async linkOf(accountId, domain: DomainKey, backHalf) {
      return get<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? AND domain = ? AND back_half = ?`,
        accountId,
        domain,
        backHalf,
      );
    },

    async updateLink(accountId, domain, backHalf, changes) {
      return transaction(() => {
        // A new destination is a link never checked: what was found was about the old one.
        if (changes.destinationUrl !== undefined) {
          run(
            `UPDATE links SET ${RESET_HEALTH}
             WHERE account_id = ? AND domain = ? AND back_half = ? AND destination_url <> ?`,
            accountId,
            domain,
            backHalf,
            changes.destinationUrl,
          );
        }
        const changed = statement(
          `UPDATE links SET destination_url = coalesce(?, destination_url), title = coalesce(?, title),
               expires_at = CASE WHEN ? THEN ? ELSE expires_at END,
               max_clicks = CASE WHEN ? THEN ? ELSE max_clicks END,
               expired_url = CASE WHEN ? THEN ? ELSE expired_url END,
               password_hash = CASE WHEN ? THEN ? ELSE password_hash END
             WHERE account_id = ? AND domain = ? AND back_half = ? RETURNING id`,
        ).get(
          changes.destinationUrl ?? null,
          changes.title ?? null,
          ...endChange(changes.expiresAt),
          ...endChange(changes.maxClicks),
          ...endChange(changes.expiredUrl),
          ...endChange(changes.passwordHash),
          accountId,
          domain,
          backHalf,
        ) as { id: number } | undefined;
        if (!changed) return undefined;
        if (changes.tags) setLinkTags(accountId, changed.id, changes.tags);
        return linkById(changed.id);
      });
    },

    async deleteLink(accountId, domain, backHalf) {
      return transaction(
        () =>
          run(
            'DELETE FROM links WHERE account_id = ? AND domain = ? AND back_half = ?',
            accountId,
            domain,
            backHalf,
          ).changes > 0,
      );
    },

    async redirectTarget(domain, backHalf) {
      return get<RedirectTarget>(
        `SELECT id, destination_url AS destinationUrl, clicks, expires_at AS expiresAt,
           max_clicks AS maxClicks, expired_url AS expiredUrl, password_hash AS passwordHash
         FROM links WHERE domain = ? AND back_half = ?`,
        domain,
        backHalf,
      );
    },

    async countEndedLinks(ended) {
      const row = get<{ count: number }>(
        `SELECT count(*) AS count FROM links WHERE ${ENDED}`,
        ...endedValues(ended),
      );
      return row?.count ?? 0;
    },

    async deleteEndedLinks(ended, afterId, limit) {
      return transaction(() => {
        const gone = all<{ id: number }>(
          `DELETE FROM links WHERE id IN (
             SELECT id FROM links WHERE id > ? AND ${ENDED} ORDER BY id LIMIT ?)
           RETURNING id`,
          afterId,
          ...endedValues(ended),
          limit,
        );
        return {
          deleted: gone.length,
          lastId: gone.reduce((last, { id }) => Math.max(last, id), afterId),
        };
      });
    },
  };
}
