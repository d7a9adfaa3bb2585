import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';

export type Figures = {
  clicks: number;
  /** Distinct visitors, where the service counts them. */
  visitors: number | undefined;
  /** QR scans, where the service counts them. */
  qrScans: number | undefined;
  /** Undefined with "Exclude bots". */
  bots: number | undefined;
};

/** The range's totals, each a term and its number, and the change on the range before. */
export function StatsFigures({ figures, change }: { figures: Figures; change?: string }) {
  const shown: [string, number | undefined][] = [
    [t('statsClicks'), figures.clicks],
    [t('statsPeople'), figures.visitors],
    [t('statsQrScans'), figures.qrScans],
    [t('statsBots'), figures.bots],
  ];
  return (
    <>
      <dl className="stats-figures">
        {shown.map(([term, value]) =>
          value === undefined ? null : (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{formatNumber(value)}</dd>
            </div>
          ),
        )}
      </dl>
      {change && <p className="stats-change">{change}</p>}
    </>
  );
}
