// An account's click statistics on SQLite (account-stats.ts): one query per list, each a sum over
// the click_stats rows of the account's links, found by its links (links_by_account) and each
// link's days (the click_stats key).
import type {
  AccountDayCount,
  AccountLinkCount,
  AccountStatsQuery,
  AccountStatsStorage,
} from '../account-stats.ts';
import type { SqliteAccess } from './database.ts';

/** The account's click_stats rows of the range: ?1 the account, ?2 and ?3 the first and last day. */
const ACCOUNT_ROWS = `FROM links l JOIN click_stats s ON s.link_id = l.id
  WHERE l.account_id = ?1 AND s.day BETWEEN ?2 AND ?3`;

const clickFacets = (peopleOnly: boolean) => (peopleOnly ? `('human')` : `('human', 'bot')`);

export function accountStatsQueries({ all }: SqliteAccess): AccountStatsStorage {
  const range = ({ accountId, fromDay, toDay }: AccountStatsQuery) =>
    [accountId, fromDay, toDay] as const;
  return {
    async accountDays(query) {
      const facets = query.peopleOnly ? `('human', 'qr', 'bot_qr')` : `('human', 'bot', 'qr')`;
      return all<AccountDayCount>(
        `SELECT s.day, s.facet, sum(s.clicks) AS clicks ${ACCOUNT_ROWS} AND s.facet IN ${facets}
         GROUP BY s.day, s.facet`,
        ...range(query),
      );
    },

    async accountTopLinks(query, limit) {
      return all<AccountLinkCount>(
        `SELECT l.domain, l.back_half AS backHalf, sum(s.clicks) AS clicks
         ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
         GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT ?4`,
        ...range(query),
        limit,
      );
    },

    async accountTopValues(query, facet, limit) {
      return all<{ value: string; clicks: number }>(
        `SELECT s.value, sum(s.clicks) AS clicks ${ACCOUNT_ROWS} AND s.facet = ?4
         GROUP BY s.value ORDER BY clicks DESC, s.value LIMIT ?5`,
        ...range(query),
        facet,
        limit,
      );
    },

    async accountCampaignLinks(query) {
      return all<{ destinationUrl: string; clicks: number }>(
        `SELECT l.destination_url AS destinationUrl, sum(s.clicks) AS clicks
         ${ACCOUNT_ROWS} AND s.facet IN ${clickFacets(query.peopleOnly)}
           AND l.destination_url LIKE '%utm_campaign=%'
         GROUP BY l.id`,
        ...range(query),
      );
    },
  };
}
