// An account's click statistics on SQLite (account-stats.ts): the days and the lists summed from
// the account's roll-up (account-rollup.ts); the top links from the links' own days, read in the
// order of their clicks of all time (account-top-links.ts); the campaigns from the links' days.
import type {
  AccountDayCount,
  AccountLinkCount,
  AccountStatsQuery,
  AccountStatsStorage,
} from '../account-stats.ts';
import { topLinksOfRange } from '../account-top-links.ts';
import type { SqliteAccess } from './database.ts';

/** The account's click_stats rows of the range: ?1 the account, ?2 and ?3 the first and last day. */
const ACCOUNT_ROWS = `FROM links l JOIN click_stats s ON s.link_id = l.id
  WHERE l.account_id = ?1 AND s.day BETWEEN ?2 AND ?3`;

/** The roll-up's rows of the range, by the same parameters. */
const ROLLUP_ROWS = `FROM account_stats WHERE account_id = ?1 AND day BETWEEN ?2 AND ?3`;

const clickFacets = (peopleOnly: boolean) => (peopleOnly ? `('human')` : `('human', 'bot')`);

export function accountStatsQueries({ all }: SqliteAccess): AccountStatsStorage {
  const range = ({ accountId, fromDay, toDay }: AccountStatsQuery) =>
    [accountId, fromDay, toDay] as const;
  return {
    async accountDays(query) {
      const facets = query.peopleOnly ? `('human', 'qr', 'bot_qr')` : `('human', 'bot', 'qr')`;
      return all<AccountDayCount>(
        `SELECT day, facet, sum(clicks) AS clicks ${ROLLUP_ROWS} AND facet IN ${facets}
         GROUP BY day, facet HAVING sum(clicks) <> 0`,
        ...range(query),
      );
    },

    async accountTopLinks(query, limit) {
      const total = query.peopleOnly ? 'humans' : 'clicks';
      return topLinksOfRange(
        {
          linksByTotal: async (after, size) =>
            all<{ linkId: number; total: number }>(
              `SELECT link_id AS linkId, ${total} AS total FROM link_click_totals
               WHERE account_id = ?1 AND ${total} > 0 AND ${total} <= ?2
                 AND (${total} < ?2 OR link_id > ?3)
               ORDER BY ${total} DESC, link_id LIMIT ?4`,
              query.accountId,
              after?.total ?? Number.MAX_SAFE_INTEGER,
              after?.linkId ?? 0,
              size,
            ),
          rangeClicks: async (linkIds) =>
            all<AccountLinkCount & { linkId: number }>(
              `SELECT l.id AS linkId, l.domain, l.back_half AS backHalf, sum(s.clicks) AS clicks
               ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
                 AND l.id IN (SELECT value FROM json_each(?4))
               GROUP BY l.id`,
              ...range(query),
              JSON.stringify(linkIds),
            ),
        },
        limit,
      );
    },

    async accountTopValues(query, facet, limit) {
      return all<{ value: string; clicks: number }>(
        `SELECT value, sum(clicks) AS clicks ${ROLLUP_ROWS} AND facet = ?4
         GROUP BY value HAVING sum(clicks) > 0 ORDER BY clicks DESC, value LIMIT ?5`,
        ...range(query),
        facet,
        limit,
      );
    },

    async accountCampaigns(query) {
      const facets = query.peopleOnly ? `('campaign_human')` : `('campaign_human', 'campaign_bot')`;
      return all<{ value: string; clicks: number }>(
        `SELECT value, sum(clicks) AS clicks ${ROLLUP_ROWS} AND facet IN ${facets}
         GROUP BY value HAVING sum(clicks) > 0`,
        ...range(query),
      );
    },
  };
}
