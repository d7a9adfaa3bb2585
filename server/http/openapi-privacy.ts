// The OpenAPI document's words for the statistics' privacy switches: a visitor's opt-out parameter
// and Global Privacy Control on the redirect, `bots` on a link's statistics.
import { STATS_BOTS } from '../../contract/link-stats.ts';

/** The redirect's parameters that keep a click out of the statistics (in part or in full). */
export function redirectPrivacyParameters(noTrackParam: string | undefined) {
  const gpc = {
    name: 'Sec-GPC',
    in: 'header',
    required: false,
    description:
      'Global Privacy Control: with `1`, the click counts among the people (or bots) of its day and hour, and keeps no breakdown (referrer, device, browser, system, country) and no visitor mark.',
    schema: { type: 'string', const: '1' },
  };
  if (noTrackParam === undefined) return [gpc];
  return [
    gpc,
    {
      name: noTrackParam,
      in: 'query',
      required: false,
      description:
        "A visitor's opt-out (the operator's `--no-track-param`): with it, any value or none, the click counts in the link's `clicks` and in no statistics (no day, hour, breakdown or visitor). It is not passed on.",
      schema: { type: 'string' },
    },
  ];
}

export const botsParameter = {
  name: 'bots',
  in: 'query',
  required: false,
  description:
    "`exclude`: the answer counts people only (`bots` 0 in the totals, buckets and days; `qr_scans` the people's scans). The breakdowns and `visitors` count people in any case.",
  schema: { type: 'string', enum: [...STATS_BOTS], default: 'include' },
};
