// What a link's statistics answer may leave out at the asker's wish: `bots=exclude` answers with
// people only (totals, buckets and days; the breakdowns and visitors count people already).
import { ErrorCode } from '../../contract/limits.ts';
import { STATS_BOTS } from '../../contract/link-stats.ts';
import { HttpProblem } from '../http/problems.ts';
import type { StatCount } from '../storage/storage.ts';

export type StatsBots = (typeof STATS_BOTS)[number];

/** The `bots` parameter; 400 invalid_field naming it when it is neither value. */
export function botsAsked(text: string | undefined): StatsBots {
  if (text === undefined) return 'include';
  if ((STATS_BOTS as readonly string[]).includes(text)) return text as StatsBots;
  throw new HttpProblem(ErrorCode.invalidField, `"bots" must be one of ${STATS_BOTS.join(', ')}.`, {
    field: 'bots',
  });
}

type DayCount = Omit<StatCount, 'linkId'>;

/** Each bots' scan count taken from the scans: a negative count of the scans' facet. */
const SCANS_OF_BOTS = { bot_qr: 'qr', hour_bot_qr: 'hour_qr' } as const;

/** The counts of people only: the bots' clicks dropped and their scans taken from the scans. */
export function peopleOnly(counts: DayCount[]): DayCount[] {
  const kept: DayCount[] = [];
  for (const count of counts) {
    if (count.facet === 'bot' || count.facet === 'hour_bot') continue;
    const scans = SCANS_OF_BOTS[count.facet as keyof typeof SCANS_OF_BOTS];
    kept.push(scans ? { ...count, facet: scans, clicks: -count.clicks } : count);
  }
  return kept;
}
