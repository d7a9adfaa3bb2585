import '../../../../components/ui/tag-chip.css';
import './tag-chips.css';
import { useEffect, useId, useRef, useState } from 'react';
import { TagChip } from '../../../../components/ui/TagChip.tsx';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { t } from '../../../../lib/i18n/t.ts';
import type { TagFilter as TagFilterState } from './use-tag-filter.ts';

/**
 * The toolbar's "Tags" button and its list of the loaded links' tags, each a checkbox with its
 * name, colour and count: the rows shown carry every tag ticked. Escape or a click elsewhere
 * closes the list.
 */
export function TagFilter({ filter }: { filter: TagFilterState }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    // Before the Links keys (which would clear the search): Escape closes the list first.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape, true);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape, true);
    };
  }, [open]);
  if (!filter.offered) return null;
  const { chosen } = filter;
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    filter.setChosen(next);
  };
  return (
    <div className="tag-filter" ref={box}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={chosen.size > 0 ? 'tag-filter-on' : undefined}
        onClick={() => setOpen(!open)}
      >
        {t('linksTags')}
        {chosen.size > 0 && <span aria-hidden="true"> · {formatNumber(chosen.size)}</span>}
      </button>
      {open && (
        <fieldset id={panelId} className="tag-filter-panel">
          <legend className="visually-hidden">{t('linksTags')}</legend>
          {filter.tags.length === 0 && <p>{t('linksTagsNone')}</p>}
          {filter.tags.map((tag) => (
            <label key={tag.key} className="tag-filter-choice">
              <input
                type="checkbox"
                checked={chosen.has(tag.key)}
                onChange={(event) => toggle(tag.key, event.target.checked)}
              />
              <TagChip name={tag.name} color={tag.color} />
              <span className="tag-filter-count">{formatNumber(tag.links)}</span>
            </label>
          ))}
          {chosen.size > 0 && (
            <button type="button" onClick={() => filter.setChosen(new Set())}>
              {t('linksTagsClear')}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
