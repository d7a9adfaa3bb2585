import { useCallback, useState } from 'react';
import type { Link } from '../../../lib/api/schemas.ts';

/**
 * Which links are selected, by short URL, and the links the bulk actions take from that. A search
 * keeps the selection: it may hold links not shown.
 */
export function useLinkSelection(all: readonly Link[], shown: readonly Link[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const select = useCallback((shortUrl: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(shortUrl);
      else next.delete(shortUrl);
      return next;
    });
  }, []);

  /** Takes links out of the selection: those being deleted. */
  const unselect = useCallback((shortUrls: readonly string[]) => {
    const gone = new Set(shortUrls);
    setSelected((current) => new Set([...current].filter((shortUrl) => !gone.has(shortUrl))));
  }, []);

  return {
    selected,
    /** For "Select all shown" (SelectAll.tsx). */
    setSelected,
    select,
    unselect,
    /** What "Export" writes: the selected links, in the list's order, or when none, those shown. */
    toExport: () => (selected.size > 0 ? all.filter((link) => selected.has(link.shortUrl)) : shown),
    /** What "Delete selected" deletes. */
    toDelete: () => [...selected],
  };
}

export type LinkSelection = ReturnType<typeof useLinkSelection>;
