import { useEffect, useRef } from 'react';
import type { Link } from '../../../lib/api/schemas.ts';
import { t } from '../../../lib/i18n/t.ts';

/** One checkbox for every link shown: checked when all are selected, mixed when some are. */
export function SelectAll({
  shown,
  selected,
  setSelected,
}: {
  shown: readonly Link[];
  selected: ReadonlySet<string>;
  setSelected: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  // Counted only when something is selected: at 20,000 links the loop took 5 ms of every render
  // of the Links section, opening and each search keystroke included.
  let selectedShown = 0;
  if (selected.size > 0) for (const link of shown) if (selected.has(link.shortUrl)) selectedShown++;
  const all = shown.length > 0 && selectedShown === shown.length;
  const some = selectedShown > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);

  return (
    <label className="select-all">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        disabled={shown.length === 0}
        onChange={() =>
          setSelected((current) => {
            const next = new Set(current);
            for (const link of shown) {
              if (all) next.delete(link.shortUrl);
              else next.add(link.shortUrl);
            }
            return next;
          })
        }
      />
      {t('linksSelectAllShown')}
    </label>
  );
}
