// An account's click statistics on PostgreSQL (account-stats.ts): one query per list, each a sum
// over the click_stats rows of the account's links, found by its links (links_by_account) and
// each link's days (the click_stats key). Sums are cast back to bigint, which reads as a number.
import type {
  AccountDayCount,
  AccountLinkCount,
  AccountStatsQuery,
  AccountStatsStorage,
} from '../account-stats.ts';
import { guarded, type Sql } from './database.ts';

/** The account's click_stats rows of the range: $1 the account, $2 and $3 the first and last day. */
const ACCOUNT_ROWS = `FROM links l JOIN click_stats s ON s.link_id = l.id
  WHERE l.account_id = $1 AND s.day BETWEEN $2 AND $3`;

const clickFacets = (peopleOnly: boolean) => (peopleOnly ? `('human')` : `('human', 'bot')`);

export function accountStatsQueries(sql: Sql): AccountStatsStorage {
  const read = <T>(text: string, query: AccountStatsQuery, ...more: (string | number)[]) =>
    guarded(
      async () =>
        (await sql.unsafe(text, [query.accountId, query.fromDay, query.toDay, ...more], {
          prepare: true,
        })) as unknown as T[],
    );
  return {
    accountDays: (query) =>
      read<AccountDayCount>(
        `SELECT s.day, s.facet, sum(s.clicks)::bigint AS clicks ${ACCOUNT_ROWS}
           AND s.facet IN ${query.peopleOnly ? `('human', 'qr', 'bot_qr')` : `('human', 'bot', 'qr')`}
         GROUP BY s.day, s.facet`,
        query,
      ),

    accountTopLinks: (query, limit) =>
      read<AccountLinkCount>(
        `SELECT l.domain, l.back_half AS "backHalf", sum(s.clicks)::bigint AS clicks
         ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
         GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT $4`,
        query,
        limit,
      ),

    accountTopValues: (query, facet, limit) =>
      read<{ value: string; clicks: number }>(
        `SELECT s.value, sum(s.clicks)::bigint AS clicks ${ACCOUNT_ROWS} AND s.facet = $4
         GROUP BY s.value ORDER BY clicks DESC, s.value COLLATE "C" LIMIT $5`,
        query,
        facet,
        limit,
      ),

    accountCampaignLinks: (query) =>
      read<{ destinationUrl: string; clicks: number }>(
        `SELECT l.destination_url AS "destinationUrl", sum(s.clicks)::bigint AS clicks
         ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
           AND l.destination_url LIKE '%utm_campaign=%'
         GROUP BY l.id`,
        query,
      ),
  };
}
