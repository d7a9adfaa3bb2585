// The context menu items and the keyboard command, by id. No imports: the browser tests read
// these too, outside the extension.

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
/** Declared in wxt.config.ts `commands`. */
export const SHORTEN_COMMAND = 'shorten-current-page';

export const MENU_ITEMS = [
  { id: MENU_SHORTEN_LINK, title: 'Shorten link', contexts: ['link'] },
  { id: MENU_SHORTEN_PAGE, title: 'Shorten this page', contexts: ['page'] },
] as const satisfies readonly { id: string; title: string; contexts: readonly ['link' | 'page'] }[];
