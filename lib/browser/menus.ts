// The context menu items and the keyboard command, by id. No imports: the browser tests read
// these too, outside the extension.

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
/** Shown while "Shorten on toolbar click" is on: the toolbar button then opens no popup. */
export const MENU_OPEN_POPUP = 'open-popup';
/** Declared in wxt.config.ts `commands`. */
export const SHORTEN_COMMAND = 'shorten-current-page';
/** Declared in wxt.config.ts `commands`: the popup's own shortcut while the button shortens. */
export const OPEN_POPUP_COMMAND = 'open-popup';

export const MENU_ITEMS = [
  { id: MENU_SHORTEN_LINK, title: 'Shorten link', contexts: ['link'] },
  { id: MENU_SHORTEN_PAGE, title: 'Shorten this page', contexts: ['page'] },
] as const satisfies readonly { id: string; title: string; contexts: readonly ['link' | 'page'] }[];

export const OPEN_POPUP_ITEM = {
  id: MENU_OPEN_POPUP,
  title: 'Open Short Link',
  contexts: ['page', 'action'],
} as const;
