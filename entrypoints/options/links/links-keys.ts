// The Links section's keys (shown by `?`, see KeyboardHelp.tsx): which action a key press asks for,
// given where the focus is. Kept apart from the DOM so that every rule has a unit test.

export type KeyAction =
  | 'focus-search'
  | 'help'
  | 'previous'
  | 'next'
  | 'copy'
  | 'edit'
  | 'delete'
  | 'select'
  | 'tag'
  | 'clear-search';

export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

export type FocusPlace = {
  /** A modal is open: it has the keys (Escape closes it natively). */
  dialogOpen: boolean;
  /** In "Search links". */
  inSearch: boolean;
  /** In another field that takes typing or arrows (text inputs, selects). */
  inField: boolean;
  /** On a row itself, as ↑/↓ leave it. */
  onRow: boolean;
  /** On a control inside a row (its checkbox, link or buttons). */
  inRow: boolean;
  searchHasText: boolean;
  /** On nothing in particular: the page's body (as the page opens, or after a click on blank space). */
  onPage: boolean;
};

export function linkKeyAction(press: KeyPress, place: FocusPlace): KeyAction | undefined {
  if (place.dialogOpen || press.ctrlKey || press.metaKey || press.altKey) return undefined;
  const { key } = press;
  if (place.inSearch) {
    if (key === 'Escape' && place.searchHasText) return 'clear-search';
    if (key === 'ArrowDown') return 'next';
    return undefined;
  }
  if (place.inField) return undefined;
  if (key === '/') return 'focus-search';
  if (key === '?') return 'help';
  if (key === 'Escape') return place.searchHasText ? 'clear-search' : undefined;
  // The selection's "Add tag…", from anywhere but a field.
  if (key === 't' || key === 'T') return 'tag';
  const inList = place.onRow || place.inRow;
  // From the page itself, ↓ goes to the first row, as the help promises.
  if (!inList) return key === 'ArrowDown' && place.onPage ? 'next' : undefined;
  switch (key) {
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return 'previous';
    case 'Enter':
      // On a button or the link inside the row, Enter does what that control does.
      return place.onRow ? 'copy' : undefined;
    case 'e':
    case 'E':
      return 'edit';
    case 'Delete':
      return 'delete';
    case 'x':
    case 'X':
      return 'select';
    default:
      return undefined;
  }
}

const TYPING_INPUTS = new Set(['text', 'search', 'url', 'email', 'password', 'number', 'tel']);

/** Whether the element takes typed keys or arrows for itself. */
export function takesKeys(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return TYPING_INPUTS.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}
