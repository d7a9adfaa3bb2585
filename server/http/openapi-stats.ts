// The OpenAPI document's description of a link's click statistics (clicks/stats-routes.ts): the
// range it may be asked for and what it answers.
import {
  STATS_DEFAULT_DAYS,
  STATS_GRANULARITIES,
  STATS_HOURS_KEPT_DAYS,
  STATS_MAX_DAYS,
} from '../../contract/link-stats.ts';
import type { Describe } from './openapi-operations.ts';
import { botsParameter } from './openapi-privacy.ts';
import { json, ref } from './openapi-schemas.ts';

const day = (date: string, humans: number, bots: number, qr_scans: number, visitors: number) => ({
  date,
  humans,
  bots,
  qr_scans,
  visitors,
});

export const linkStats: Describe = ({ notFound, common }) => ({
  operationId: 'linkStats',
  summary:
    "A link's click statistics per hour, UTC day or month, referrer host, device and country",
  description: `Aggregates only: no address, User-Agent or full referrer is kept. The range is \`days\` (the last N UTC days, today the last) or \`from\` and \`to\` (at most ${STATS_MAX_DAYS} days apart), counted in \`buckets\` of \`granularity\` (a bucket leaves out its counts that are 0: an absent \`humans\`, \`bots\`, \`qr_scans\` or \`visitors\` is 0, the last two where the answer has its own); \`from\` and \`to\` in the answer are the range counted, widened to whole hours (\`hour\`) or whole UTC days. Everything is UTC: a client in a zone with a half-hour offset shows the hour buckets shifted to its nearest whole hour. \`humans\`, \`bots\` and \`qr_scans\` total the buckets; \`days\` has the range's whole UTC days (kept for older clients); referrers, devices, browsers, systems (operating systems; \`Other\` for a name the User-Agent parser does not know) and countries count the people of those days, most clicks first. Referrers: each day keeps its 50 most clicked hosts and adds the others to one \`other\`; the answer names at most 50 (\`kind\` \`host\`), then \`other\` last; \`host\` is null for \`direct\`, \`ip_address\` (a host that is an IP address: which one is not kept) and \`other\`. Countries only where the operator gave a GeoIP database. \`qr_scans\` counts the clicks that came from the link's QR code, whose short URL carries \`?qr=1\` (the \`qr\` parameter of \`GET /{back_half}\`); they are among \`humans\` and \`bots\` too. \`visitors\` counts distinct people (bots are none) without keeping any: per UTC day, from a hash of the address and User-Agent keyed with a random key of the day that is deleted once the day is over; a bucket counts the visitors first seen in it, and the range's total is the sum of its days' (a person on two days counts twice). The link's \`clicks\` counts every redirect, before the statistics began too. \`expired_visits\` counts the visits after the link expired, since it was made (never clicks, in no day).`,
  parameters: [
    {
      name: 'days',
      in: 'query',
      required: false,
      description: `How many days, today the last (UTC); not with \`from\` or \`to\`. With neither, ${STATS_DEFAULT_DAYS} days (for \`granularity=hour\`, the last 24 hours).`,
      schema: { type: 'integer', minimum: 1, maximum: STATS_MAX_DAYS, default: STATS_DEFAULT_DAYS },
    },
    {
      name: 'from',
      in: 'query',
      required: false,
      description: `The range's start: an ISO date (its first instant, UTC) or an instant with its zone. Without it, ${STATS_DEFAULT_DAYS} days before \`to\`.`,
      schema: { type: 'string' },
      example: '2026-11-01',
    },
    {
      name: 'to',
      in: 'query',
      required: false,
      description:
        "The range's end, not included: an instant with its zone, or an ISO date (the whole day included). Without it, now.",
      schema: { type: 'string' },
      example: '2026-11-26T13:00:00Z',
    },
    {
      name: 'granularity',
      in: 'query',
      required: false,
      description: `The buckets: \`hour\` (kept for ${STATS_HOURS_KEPT_DAYS} days: \`from\` must be within them), \`day\` or \`month\` (the first and last hold only the range's days).`,
      schema: { type: 'string', enum: [...STATS_GRANULARITIES], default: 'day' },
    },
    botsParameter,
  ],
  responses: {
    '200': {
      description: 'The statistics.',
      content: json(ref('LinkStats'), {
        stats: {
          success: true,
          stats: {
            humans: 3,
            bots: 1,
            qr_scans: 1,
            visitors: 2,
            from: '2026-11-25T00:00:00.000Z',
            to: '2026-11-27T00:00:00.000Z',
            granularity: 'day',
            buckets: [
              { start: '2026-11-25T00:00:00.000Z', humans: 1, visitors: 1 },
              { start: '2026-11-26T00:00:00.000Z', humans: 2, bots: 1, qr_scans: 1, visitors: 1 },
            ],
            days: [day('2026-11-25', 1, 0, 0, 1), day('2026-11-26', 2, 1, 1, 1)],
            referrers: [
              { host: 'news.example', kind: 'host', clicks: 2 },
              { host: null, kind: 'direct', clicks: 1 },
            ],
            devices: [
              { type: 'mobile', clicks: 2 },
              { type: 'desktop', clicks: 1 },
            ],
            browsers: [
              { name: 'Mobile Safari', clicks: 2 },
              { name: 'Chrome', clicks: 1 },
            ],
            systems: [
              { name: 'iOS', clicks: 2 },
              { name: 'Windows', clicks: 1 },
            ],
            countries: [],
            expired_visits: 0,
          },
        },
      }),
    },
    '404': notFound,
    ...common,
  },
});
