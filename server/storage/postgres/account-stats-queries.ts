// An account's click statistics on PostgreSQL (account-stats.ts): the days and the lists summed
// from the account's roll-up (account-rollup.ts); the top links from the links' own days, read in
// the order of their clicks of all time (account-top-links.ts). Sums are cast back to bigint,
// which reads as a number.
import type {
  AccountDayCount,
  AccountLinkCount,
  AccountStatsQuery,
  AccountStatsStorage,
} from '../account-stats.ts';
import { topLinksOfRange } from '../account-top-links.ts';
import { guarded, type Sql } from './database.ts';

/** The account's click_stats rows of the range: $1 the account, $2 and $3 the first and last day. */
const ACCOUNT_ROWS = `FROM links l JOIN click_stats s ON s.link_id = l.id
  WHERE l.account_id = $1 AND s.day BETWEEN $2 AND $3`;

/** The roll-up's rows of the range, by the same parameters. */
const ROLLUP_ROWS = `FROM account_stats WHERE account_id = $1 AND day BETWEEN $2 AND $3`;

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
        `SELECT day, facet, sum(clicks)::bigint AS clicks ${ROLLUP_ROWS}
           AND facet IN ${query.peopleOnly ? `('human', 'qr', 'bot_qr')` : `('human', 'bot', 'qr')`}
         GROUP BY day, facet HAVING sum(clicks) <> 0`,
        query,
      ),

    accountTopLinks: (query, limit) => {
      const total = query.peopleOnly ? 'humans' : 'clicks';
      return topLinksOfRange(
        {
          linksByTotal: (after, size) =>
            guarded(
              async () =>
                (await sql.unsafe(
                  `SELECT link_id AS "linkId", ${total} AS total FROM link_click_totals
                   WHERE account_id = $1 AND ${total} > 0 AND ${total} <= $2
                     AND (${total} < $2 OR link_id > $3)
                   ORDER BY ${total} DESC, link_id LIMIT $4`,
                  [
                    query.accountId,
                    after?.total ?? Number.MAX_SAFE_INTEGER,
                    after?.linkId ?? 0,
                    size,
                  ],
                  { prepare: true },
                )) as unknown as { linkId: number; total: number }[],
            ),
          rangeClicks: (linkIds) =>
            read<AccountLinkCount & { linkId: number }>(
              `SELECT l.id AS "linkId", l.domain, l.back_half AS "backHalf",
                 sum(s.clicks)::bigint AS clicks
               ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
                 AND l.id = ANY($4::bigint[])
               GROUP BY l.id`,
              query,
              `{${linkIds.join(',')}}`,
            ),
        },
        limit,
      );
    },

    accountTopValues: (query, facet, limit) =>
      read<{ value: string; clicks: number }>(
        `SELECT value, sum(clicks)::bigint AS clicks ${ROLLUP_ROWS} AND facet = $4
         GROUP BY value HAVING sum(clicks) > 0
         ORDER BY clicks DESC, value COLLATE "C" LIMIT $5`,
        query,
        facet,
        limit,
      ),

    accountCampaigns: (query) =>
      read<{ value: string; clicks: number }>(
        `SELECT value, sum(clicks)::bigint AS clicks ${ROLLUP_ROWS}
           AND facet IN ${query.peopleOnly ? `('campaign_human')` : `('campaign_human', 'campaign_bot')`}
         GROUP BY value HAVING sum(clicks) > 0`,
        query,
      ),
  };
}
