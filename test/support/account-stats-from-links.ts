// The account's statistics as they were read before the roll-up (server/storage/*/account-rollup.ts):
// summed from every link's click_stats rows, on either engine. The roll-up's tests compare its
// answers with these, which need no roll-up to be right.
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';
import type {
  AccountDayCount,
  AccountFacet,
  AccountLinkCount,
  AccountStatsQuery,
} from '../../server/storage/account-stats.ts';

export type AccountStatsFromLinks = {
  days(query: AccountStatsQuery): Promise<AccountDayCount[]>;
  topLinks(query: AccountStatsQuery, limit: number): Promise<AccountLinkCount[]>;
  topValues(
    query: AccountStatsQuery,
    facet: AccountFacet,
    limit: number,
  ): Promise<{ value: string; clicks: number }[]>;
  campaignLinks(query: AccountStatsQuery): Promise<{ destinationUrl: string; clicks: number }[]>;
  close(): Promise<void>;
};

const clickFacets = (peopleOnly: boolean) => (peopleOnly ? `('human')` : `('human', 'bot')`);
const dayFacets = (peopleOnly: boolean) =>
  peopleOnly ? `('human', 'qr', 'bot_qr')` : `('human', 'bot', 'qr')`;

/** The statements, with `$1`… placeholders (SQLite reads them as numbered too). */
const rows = `FROM links l JOIN click_stats s ON s.link_id = l.id
  WHERE l.account_id = $1 AND s.day BETWEEN $2 AND $3`;
const statements = (query: AccountStatsQuery, collate: string) => ({
  days: `SELECT s.day, s.facet, sum(s.clicks) AS clicks ${rows}
    AND s.facet IN ${dayFacets(query.peopleOnly)} GROUP BY s.day, s.facet`,
  topLinks: `SELECT l.domain, l.back_half AS "backHalf", sum(s.clicks) AS clicks
    ${rows} AND s.facet IN ${clickFacets(query.peopleOnly)}
    GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT $4`,
  topValues: `SELECT s.value, sum(s.clicks) AS clicks ${rows} AND s.facet = $4
    GROUP BY s.value ORDER BY clicks DESC, s.value ${collate} LIMIT $5`,
  campaignLinks: `SELECT l.destination_url AS "destinationUrl", sum(s.clicks) AS clicks
    ${rows} AND s.facet IN ${clickFacets(query.peopleOnly)}
      AND l.destination_url LIKE '%utm_campaign=%'
    GROUP BY l.id`,
});

/** The old reads on the test service's database: a SQLite file or a PostgreSQL URL. */
export function accountStatsFromLinks(dbFile: string): AccountStatsFromLinks {
  const onPostgres = /^postgres(ql)?:\/\//.test(dbFile);
  const pg = onPostgres ? postgres(dbFile, { max: 1, onnotice: () => {} }) : undefined;
  const lite = onPostgres ? undefined : new DatabaseSync(dbFile, { readOnly: true });
  const read = async <T>(
    name: keyof ReturnType<typeof statements>,
    query: AccountStatsQuery,
    ...more: (string | number)[]
  ) => {
    const params = [query.accountId, query.fromDay, query.toDay, ...more];
    if (pg) {
      const text = statements(query, 'COLLATE "C"')[name];
      const found = await pg.unsafe(text, params);
      // Sums come back as text (numeric): as numbers, as the storage casts them.
      return found.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            key === 'clicks' || key === 'day' ? Number(value) : value,
          ]),
        ),
      ) as T[];
    }
    const text = statements(query, '')[name].replaceAll('$', '?');
    return (lite as DatabaseSync).prepare(text).all(...params) as T[];
  };
  return {
    days: (query) => read('days', query),
    topLinks: (query, limit) => read('topLinks', query, limit),
    topValues: (query, facet, limit) => read('topValues', query, facet, limit),
    campaignLinks: (query) => read('campaignLinks', query),
    async close() {
      lite?.close();
      await pg?.end({ timeout: 1 });
    },
  };
}
