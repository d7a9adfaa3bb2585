import { useId } from 'react';
import { formatNumber } from '../../../../lib/i18n/format.ts';

export type RankedRow = {
  name: string;
  clicks: number;
  /** A host: read left to right whatever the page's direction. */
  address?: boolean;
};

/** Rows named by the service (browsers, systems) carry names no language translates. */
export type RowNames = 'ours' | 'proper';

/**
 * A heading and its rows, most clicked first, each with its number and a bar as long as its share
 * of the most clicked (the bar is drawing only: the number says it).
 */
export function RankedBars({
  heading,
  rows,
  names = 'ours',
}: {
  heading: string;
  rows: RankedRow[];
  names?: RowNames;
}) {
  const id = useId();
  if (rows.length === 0) return null;
  const most = Math.max(...rows.map((row) => row.clicks), 1);
  return (
    <section className="stats-list" aria-labelledby={id}>
      <h4 id={id}>{heading}</h4>
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" translate={names === 'proper' ? 'no' : undefined}>
                {row.address ? <bdi dir="ltr">{row.name}</bdi> : row.name}
              </th>
              <td>{formatNumber(row.clicks)}</td>
              <td className="stats-bar-cell" aria-hidden="true">
                <span
                  className="stats-bar"
                  style={{ inlineSize: `${Math.round((row.clicks / most) * 100)}%` }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
