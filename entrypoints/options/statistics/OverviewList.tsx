import { useId } from 'react';
import { formatNumber } from '../../../lib/i18n/format.ts';
import type { OverviewRow } from './overview-lists.ts';

/**
 * One list of the overview: a row per name with its clicks, as a number and as a bar beside it
 * (the bar's length against the list's first). A link's row leads to its details.
 */
export function OverviewList({
  heading,
  rows,
  onOpen,
}: {
  heading: string;
  rows: OverviewRow[];
  onOpen?: (shortUrl: string) => void;
}) {
  const id = useId();
  if (rows.length === 0) return null;
  const most = Math.max(...rows.map((row) => row.clicks), 1);
  return (
    <section className="overview-list" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <table>
        <tbody>
          {rows.map((row) => {
            const name = row.address ? <bdi dir="ltr">{row.name}</bdi> : row.name;
            const { shortUrl } = row;
            return (
              <tr key={row.shortUrl ?? row.name}>
                <th scope="row">
                  {shortUrl && onOpen ? (
                    <button
                      type="button"
                      className="overview-open"
                      onClick={() => onOpen(shortUrl)}
                    >
                      {name}
                    </button>
                  ) : (
                    name
                  )}
                </th>
                <td className="overview-bar" aria-hidden="true">
                  <span style={{ inlineSize: `${(row.clicks / most) * 100}%` }} />
                </td>
                <td>{formatNumber(row.clicks)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
