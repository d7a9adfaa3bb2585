import { useId } from 'react';
import { STATS_MAX_DAYS } from '../../../../contract/link-stats.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { type MessageKey, t } from '../../../../lib/i18n/t.ts';
import {
  customRangeProblem,
  RANGE_CHOICES,
  type RangeChoice,
} from '../../../../lib/statistics/link-range.ts';

const CHOICE_NAMES: Record<RangeChoice, MessageKey> = {
  '24h': 'statsRange24Hours',
  '7d': 'statsRange7Days',
  '30d': 'statsRange30Days',
  '90d': 'statsRange90Days',
  '12m': 'statsRange12Months',
  custom: 'statsRangeCustom',
};

export type CustomDates = { from: string; to: string };

/** The sentence for a custom range that cannot be asked for; none when it can. */
function problemSentence(dates: CustomDates): string | undefined {
  switch (customRangeProblem(dates.from, dates.to)) {
    case 'incomplete':
      return t('statsRangeIncomplete');
    case 'endBeforeStart':
      return t('statsRangeEndBeforeStart');
    case 'tooLong':
      return t('statsRangeTooLong', formatNumber(STATS_MAX_DAYS));
    default:
      return undefined;
  }
}

/** "Range" with its choices; "Custom range" adds a start and an end date, checked as typed. */
export function RangePicker({
  choice,
  custom,
  onChoice,
  onCustom,
}: {
  choice: RangeChoice;
  custom: CustomDates;
  onChoice: (choice: RangeChoice) => void;
  onCustom: (dates: CustomDates) => void;
}) {
  const rangeId = useId();
  const fromId = useId();
  const toId = useId();
  const problemId = useId();
  const problem = choice === 'custom' ? problemSentence(custom) : undefined;
  return (
    <>
      <label htmlFor={rangeId}>{t('statsRange')}</label>
      <select
        id={rangeId}
        value={choice}
        onChange={(event) => onChoice(event.target.value as RangeChoice)}
      >
        {RANGE_CHOICES.map((each) => (
          <option key={each} value={each}>
            {t(CHOICE_NAMES[each])}
          </option>
        ))}
      </select>
      {choice === 'custom' && (
        <div className="stats-custom">
          <label htmlFor={fromId}>{t('statsRangeFrom')}</label>
          <input
            id={fromId}
            type="date"
            value={custom.from}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => onCustom({ ...custom, from: event.target.value })}
          />
          <label htmlFor={toId}>{t('statsRangeTo')}</label>
          <input
            id={toId}
            type="date"
            value={custom.to}
            aria-invalid={problem !== undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => onCustom({ ...custom, to: event.target.value })}
          />
          {problem && (
            <p id={problemId} className="stats-range-problem" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </>
  );
}
