import './link-rows.css';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Link } from '../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import { t } from '../../../lib/i18n/t.ts';
import { LinkRow, type RowActions } from './LinkRow.tsx';
import { assignRowSlots, type RowSlots } from './row-slots.ts';

// Rows have one fixed height per layout (see link-rows.css), so the virtualizer never measures them.
const WIDE_ROW_HEIGHT = 84;
const NARROW_ROW_HEIGHT = 112;
const NARROW = '(max-width: 599px)';
const OVERSCAN = 5;

/** Whether the media query matches, read on mount and on change only (not on every scroll render). */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    update();
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export type LinksTableHandle = {
  /** Scrolls row `index` into view (below the kept-in-view header) and focuses it. */
  focusRow: (index: number) => void;
};

/**
 * The links as rows in the page's own scroll (one scrollbar, the window's): only the rows near the
 * window are in the page, positioned by @tanstack/react-virtual's window virtualizer. One row at a
 * time is in the Tab order (the last one focused), and ↑/↓ move between rows. Memoised: the
 * section draws again for much else (a menu's list settling, a dialog, the refresh's state), which
 * gives the table the same props: it is not drawn again for it.
 */
export const LinksTable = memo(function LinksTable({
  links,
  now,
  offer,
  selected,
  savedShortUrl,
  actions,
  headerHeight,
  handle,
}: {
  links: readonly Link[];
  now: number;
  /** What the account's service offers (the rows' ends). */
  offer: ServiceOffer | undefined;
  selected: ReadonlySet<string>;
  /** The link whose edit was just saved, if any. */
  savedShortUrl: string | undefined;
  actions: RowActions;
  /** The height of the section's header kept at the top of the window, which covers rows. */
  headerHeight: number;
  handle: Ref<LinksTableHandle>;
}) {
  const list = useRef<HTMLUListElement>(null);
  const rowHeight = useMediaQuery(NARROW) ? NARROW_ROW_HEIGHT : WIDE_ROW_HEIGHT;
  const [listTop, setListTop] = useState(0);
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | undefined>(undefined);

  // Keeps its identity between renders: the virtualizer lays out every row again (50,000 of them,
  // on every scroll frame) when it changes. Rows are keyed by index (the default): a key only
  // names a measured size, and rows are never measured. A link's short URL as the key made each
  // layout of 20,000 rows hash 20,000 strings (about half of its 35 ms in the cached opening).
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useWindowVirtualizer({
    count: links.length,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    scrollPaddingStart: headerHeight,
  });

  // Forget the old layout's sizes when the window crosses the narrow breakpoint.
  const measuredHeight = useRef(rowHeight);
  useEffect(() => {
    if (measuredHeight.current === rowHeight) return;
    measuredHeight.current = rowHeight;
    virtualizer.measure();
  });

  // Notices in the header above the list move it (as does the empty-list note): the virtualizer
  // must know where the list starts in the page. Measured when those change, not on every scroll.
  const empty = links.length === 0;
  useLayoutEffect(() => {
    if (headerHeight < 0 || empty) return;
    const top = (list.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setListTop((current) => (Math.abs(top - current) >= 1 ? top : current));
  }, [headerHeight, empty]);

  // Rows are keyed by slot (below), so a row's element may now show another link. When the focused
  // one does, the focus leaves it, as it would leave a row scrolled out of the page: Enter or
  // Delete must never act on a link the person did not choose.
  const focusedLink = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const row = focused instanceof HTMLElement ? focused.closest<HTMLElement>('li') : null;
    if (!row || row.parentElement !== list.current) {
      focusedLink.current = undefined;
      return;
    }
    if (focusedLink.current !== undefined && row.dataset.link !== focusedLink.current) {
      (focused as HTMLElement).blur();
      focusedLink.current = undefined;
    }
  });

  useLayoutEffect(() => {
    if (pendingFocus.current === undefined) return;
    const row = list.current?.querySelector<HTMLElement>(
      `li[data-index="${pendingFocus.current}"]`,
    );
    if (!row) return;
    pendingFocus.current = undefined;
    row.focus({ preventScroll: true });
  });

  const focusRow = useCallback(
    (index: number) => {
      if (links.length === 0) return;
      const target = Math.max(0, Math.min(links.length - 1, index));
      pendingFocus.current = target;
      setActiveIndex(target);
      virtualizer.scrollToIndex(target);
      // When the row is already in the page, nothing re-renders: focus it now.
      const row = list.current?.querySelector<HTMLElement>(`li[data-index="${target}"]`);
      if (row) {
        pendingFocus.current = undefined;
        row.focus({ preventScroll: true });
      }
    },
    [links.length, virtualizer],
  );
  useImperativeHandle(handle, () => ({ focusRow }), [focusRow]);

  const items = virtualizer.getVirtualItems();
  const tabbable = Math.min(activeIndex, Math.max(0, links.length - 1));
  // Rows are keyed by slot (row-slots.ts): a scroll gives the rows' elements other links (React
  // updates their text) instead of removing rows and building new ones. Modulo keys did that for
  // a slow scroll only: at 25,000 rows a second every row was rebuilt each frame.
  const rowSlots = useRef<RowSlots>(new Map());
  const slots = assignRowSlots(
    rowSlots.current,
    items.map((item) => item.index),
  );
  rowSlots.current = slots;
  return (
    <ul
      ref={list}
      className="links-list"
      aria-label={t('linksListLabel')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const link = links[item.index] as Link;
        return (
          <li
            key={slots.get(item.index)}
            data-index={item.index}
            data-link={link.shortUrl}
            tabIndex={item.index === tabbable ? 0 : -1}
            aria-setsize={links.length}
            aria-posinset={item.index + 1}
            onFocus={() => {
              focusedLink.current = link.shortUrl;
              setActiveIndex(item.index);
            }}
            style={{
              height: rowHeight,
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <LinkRow
              link={link}
              now={now}
              selected={selected.has(link.shortUrl)}
              saved={link.shortUrl === savedShortUrl}
              offer={offer}
              actions={actions}
            />
          </li>
        );
      })}
    </ul>
  );
});
