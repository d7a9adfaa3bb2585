// The OpenAPI document's description of the account's click statistics (clicks/
// account-stats-routes.ts): the range, the lists it may be asked for, and what it answers. The
// extension offers its "Statistics" section where a service's document names `get /v1/stats`.
import { ACCOUNT_STATS_GROUPS, ACCOUNT_STATS_TOP } from '../../contract/account-stats.ts';
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '../../contract/link-stats.ts';
import type { Describe } from './openapi-operations.ts';
import { botsParameter } from './openapi-privacy.ts';
import { json, ref } from './openapi-schemas.ts';

export const accountStats: Describe = ({ shortHost, exampleLink, common }) => ({
  operationId: 'accountStats',
  summary: "The account's click statistics: every link together, per UTC day and by list",
  description: `Sums of the statistics of every link of the caller's account (aggregates only, as a link's): the range is \`from\` and \`to\` (at most ${STATS_MAX_DAYS} days apart; without them the last ${STATS_DEFAULT_DAYS} UTC days), widened to whole UTC days. \`humans\`, \`bots\` and \`qr_scans\` total \`days\`, which has every day of the range, oldest first. \`groups\` has the lists asked for in \`group_by\`, each the ${ACCOUNT_STATS_TOP} most clicked, most first: \`link\` (people and bots), and of the people's clicks \`referrer\` (as a link's referrers: \`host\` null for \`direct\`, \`ip_address\` and \`other\`), \`device\`, \`browser\`, \`os\`, \`country\` (only where the operator gave a GeoIP database) and \`campaign\` (the \`utm_campaign\` of each link's destination; links without one are in no entry). With \`bots=exclude\` every figure counts people only (\`bots\` is 0, \`qr_scans\` the people's scans). A deleted link's statistics are deleted with it. Clicks appear once the service has written them (it writes every fraction of a second).`,
  parameters: [
    {
      name: 'from',
      in: 'query',
      required: false,
      description: `The range's start: an ISO date (its first instant, UTC) or an instant with its zone, widened to its UTC day. Without it, ${STATS_DEFAULT_DAYS} days before \`to\`.`,
      schema: { type: 'string' },
      example: '2026-11-01',
    },
    {
      name: 'to',
      in: 'query',
      required: false,
      description:
        "The range's end: an ISO date (the whole day included) or an instant with its zone (its UTC day included). Without it, today.",
      schema: { type: 'string' },
      example: '2026-11-26',
    },
    {
      name: 'group_by',
      in: 'query',
      required: false,
      description: `The lists to answer, a comma list (\`link,referrer\`); without it, every one.`,
      schema: {
        type: 'string',
        pattern: `^(${ACCOUNT_STATS_GROUPS.join('|')})(,(${ACCOUNT_STATS_GROUPS.join('|')}))*$`,
      },
      example: 'link,country',
    },
    botsParameter,
  ],
  responses: {
    '200': {
      description: 'The statistics.',
      content: json(ref('AccountStats'), {
        overview: {
          success: true,
          stats: {
            from: '2026-11-25T00:00:00.000Z',
            to: '2026-11-27T00:00:00.000Z',
            humans: 3,
            bots: 1,
            qr_scans: 1,
            days: [
              { date: '2026-11-25', humans: 1, bots: 0, qr_scans: 0 },
              { date: '2026-11-26', humans: 2, bots: 1, qr_scans: 1 },
            ],
            groups: {
              link: [
                {
                  domain: shortHost,
                  back_half: 'docs-2026',
                  short_url: exampleLink.short_url,
                  clicks: 4,
                },
              ],
              referrer: [
                { host: 'news.example', kind: 'host', clicks: 2 },
                { host: null, kind: 'direct', clicks: 1 },
              ],
              device: [{ type: 'mobile', clicks: 3 }],
              browser: [{ name: 'Mobile Safari', clicks: 3 }],
              os: [{ name: 'iOS', clicks: 3 }],
              country: [],
              campaign: [{ name: 'spring', clicks: 4 }],
            },
          },
        },
      }),
    },
    ...common,
  },
});
