import { type RefObject, useEffect, useRef } from 'react';
import type { Link } from '../../../lib/api/schemas.ts';
import type { RowActions } from './LinkRow.tsx';
import type { LinksTableHandle } from './LinksTable.tsx';
import { type KeyAction, linkKeyAction, takesKeys } from './links-keys.ts';

/** What the keys act on: the list as shown and selected when a key is pressed. */
type KeyboardTargets = {
  shown: readonly Link[];
  selected: ReadonlySet<string>;
  query: string;
  setQuery: (query: string) => void;
  searchBox: RefObject<HTMLInputElement | null>;
  table: RefObject<LinksTableHandle | null>;
  /** What a row's buttons do. */
  actions: RowActions;
  /** Each row's copy, by short URL, as the rows in the page registered it. */
  rowCopies: ReadonlyMap<string, () => Promise<void>>;
  onHelp: () => void;
  /** `t`: "Add tag…" for the selected links. */
  onTag: () => void;
};

/**
 * The Links section's keys (links-keys.ts says which key asks for what, KeyboardHelp.tsx shows
 * them), listened to on the whole document while the section is there.
 */
export function useLinksKeyboard(targets: KeyboardTargets) {
  const targetsNow = useRef(targets);
  targetsNow.current = targets;
  useEffect(() => {
    function act(action: KeyAction, row: HTMLElement | null) {
      const { shown, selected, setQuery, searchBox, table, actions, rowCopies, onHelp } =
        targetsNow.current;
      const index = row ? Number(row.dataset.index) : -1;
      const link = shown[index];
      switch (action) {
        case 'focus-search':
          searchBox.current?.focus();
          searchBox.current?.select();
          return;
        case 'help':
          onHelp();
          return;
        case 'clear-search':
          setQuery('');
          return;
        case 'next':
          table.current?.focusRow(index + 1);
          return;
        case 'previous':
          if (index <= 0) searchBox.current?.focus();
          else table.current?.focusRow(index - 1);
          return;
        case 'copy':
          if (link) void rowCopies.get(link.shortUrl)?.();
          return;
        case 'edit':
          if (link) actions.onEdit(link);
          return;
        case 'delete':
          if (link) actions.onDelete([link.shortUrl]);
          return;
        case 'tag':
          targetsNow.current.onTag();
          return;
        case 'select':
          if (link) actions.onSelect(link.shortUrl, !selected.has(link.shortUrl));
          return;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      const focused = document.activeElement;
      const row = focused?.closest<HTMLElement>('.links-list > li') ?? null;
      const action = linkKeyAction(event, {
        dialogOpen: document.querySelector('dialog[open]') !== null,
        inSearch: focused === targetsNow.current.searchBox.current,
        inField: takesKeys(focused),
        onRow: row !== null && row === focused,
        inRow: row !== null && row !== focused,
        searchHasText: targetsNow.current.query !== '',
        onPage: focused === null || focused === document.body,
      });
      if (!action) return;
      event.preventDefault();
      act(action, row);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
