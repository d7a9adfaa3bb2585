// The context menu items and the keyboard command, by id. No imports but types: the browser tests
// read these too, outside the extension. `title` is the English words the tests find; the menu
// shows `message`, the same words in the person's language.
import type { MessageKey } from '../i18n/t.ts';

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
/** Shown while "Shorten on toolbar click" is on: the toolbar button then opens no popup. */
export const MENU_OPEN_POPUP = 'open-popup';
/** Declared in wxt.config.ts `commands`. */
export const SHORTEN_COMMAND = 'shorten-current-page';
/** Declared in wxt.config.ts `commands`: the popup's own shortcut while the button shortens. */
export const OPEN_POPUP_COMMAND = 'open-popup';

export const MENU_ITEMS = [
  { id: MENU_SHORTEN_LINK, title: 'Shorten link', message: 'menuShortenLink', contexts: ['link'] },
  {
    id: MENU_SHORTEN_PAGE,
    title: 'Shorten this page',
    message: 'menuShortenPage',
    contexts: ['page'],
  },
] as const satisfies readonly {
  id: string;
  title: string;
  message: MessageKey;
  contexts: readonly ['link' | 'page'];
}[];

export const OPEN_POPUP_ITEM = {
  id: MENU_OPEN_POPUP,
  title: 'Open Short Link',
  message: 'menuOpenPopup',
  contexts: ['page', 'action'],
} as const;

export type MenuItem = {
  id: string;
  title: string;
  contexts: ('link' | 'page')[];
  parentId?: string;
};

/** Between an item's id and the account of its child: `shorten-link/<account id>`. */
const CHILD_SEPARATOR = '/';

/**
 * The menu for these accounts: the two items, and with two or more accounts one child per account
 * under each ("Shorten link" → "Work", "Personal"); with one, the items themselves shorten.
 */
export function menuItemsFor(
  accounts: readonly { id: string; name: string }[],
  /** The item's words in the person's language (the background passes `t`). */
  translate: (message: MessageKey) => string = (message) =>
    MENU_ITEMS.find((item) => item.message === message)?.title ?? message,
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const item of MENU_ITEMS) {
    items.push({ id: item.id, title: translate(item.message), contexts: [...item.contexts] });
    if (accounts.length < 2) continue;
    for (const account of accounts) {
      items.push({
        id: `${item.id}${CHILD_SEPARATOR}${account.id}`,
        title: account.name,
        contexts: [...item.contexts],
        parentId: item.id,
      });
    }
  }
  return items;
}

/** Which of our items was clicked, and for which account (none: the default one). */
export function readMenuItemId(menuItemId: string | number): { item: string; accountId?: string } {
  const id = String(menuItemId);
  const at = id.indexOf(CHILD_SEPARATOR);
  return at === -1 ? { item: id } : { item: id.slice(0, at), accountId: id.slice(at + 1) };
}
