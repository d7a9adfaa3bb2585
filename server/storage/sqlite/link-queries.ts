// The storage's links on SQLite: made one at a time or in bulk, listed, read, changed, deleted,
// and the redirect's look-up.
import type { DomainKey, LinkRow, LinkStorage, NewLink, RedirectTarget } from '../storage.ts';
import type { SqliteAccess } from './database.ts';

const LINK_COLUMNS = `id, domain, back_half AS backHalf, destination_url AS destinationUrl, title,
  clicks, created_at AS createdAt`;

export function linkQueries({
  db,
  statement,
  guarded,
  get,
  run,
  transaction,
  rethrowUnique,
}: SqliteAccess): LinkStorage {
  return {
    async insertLink(accountId, link: NewLink) {
      return transaction((): LinkRow => {
        try {
          const { lastInsertRowid } = run(
            `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
             VALUES (?, ?, ?, ?, ?, ?)`,
            accountId,
            link.domain,
            link.backHalf,
            link.destinationUrl,
            link.title,
            link.createdAt,
          );
          return { ...link, id: Number(lastInsertRowid), clicks: 0 };
        } catch (error) {
          return rethrowUnique(error, 'back-half taken');
        }
      });
    },

    async insertLinks(accountId, links) {
      return transaction(() => {
        const taken: NewLink[] = [];
        for (const link of links) {
          const { changes } = run(
            `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (domain, back_half) DO NOTHING`,
            accountId,
            link.domain,
            link.backHalf,
            link.destinationUrl,
            link.title,
            link.createdAt,
          );
          if (Number(changes) === 0) taken.push(link);
        }
        return { taken };
      });
    },

    /**
     * The account's links newest first, read a row at a time as the caller asks for them. Its own
     * statement, so that two lists can be read at once; returning the iterator early ends the read.
     */
    async *eachLinkOf(accountId) {
      const rows = guarded(
        () =>
          db
            .prepare(
              `SELECT ${LINK_COLUMNS} FROM links WHERE account_id = ? ORDER BY created_at DESC, id DESC`,
            )
            .iterate(accountId) as IterableIterator<LinkRow>,
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
      return transaction(
        () =>
          statement(
            `UPDATE links SET destination_url = coalesce(?, destination_url), title = coalesce(?, title)
             WHERE account_id = ? AND domain = ? AND back_half = ? RETURNING ${LINK_COLUMNS}`,
          ).get(
            changes.destinationUrl ?? null,
            changes.title ?? null,
            accountId,
            domain,
            backHalf,
          ) as LinkRow | undefined,
      );
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
        'SELECT id, destination_url AS destinationUrl FROM links WHERE domain = ? AND back_half = ?',
        domain,
        backHalf,
      );
    },
  };
}
