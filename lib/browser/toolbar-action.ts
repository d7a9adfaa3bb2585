// The toolbar button's two modes. With "Shorten on toolbar click" on, the button opens no popup
// (its click then reaches action.onClicked, which shortens and copies) and the popup stays one
// step away: the menu item "Open Short Link" and its own shortcut.
import { browser } from 'wxt/browser';
import { t } from '../i18n/t.ts';
import { MENU_OPEN_POPUP, OPEN_POPUP_ITEM } from './menus.ts';

export const POPUP_PAGE = 'popup.html';
const BADGE_SHOWN_MS = 4_000;

/** Sets the button and the menu for the mode; safe to call again with the same mode. */
export async function applyOneClick(oneClick: boolean): Promise<void> {
  await browser.action.setPopup({ popup: oneClick ? '' : POPUP_PAGE });
  // Menu items outlive the service worker: remove before creating, or creation fails.
  await browser.contextMenus.remove(MENU_OPEN_POPUP).catch(() => {});
  if (oneClick) {
    const { message, ...item } = OPEN_POPUP_ITEM;
    browser.contextMenus.create({ ...item, title: t(message), contexts: ['page', 'action'] });
  }
}

/**
 * Opens the popup even while the button has none: set it, open it, then leave the button as the
 * mode wants it (an open popup stays open). A rebuild of the menus (accounts saved, the settings
 * migrated) sets the button back to no popup and may land between the two calls: then the popup
 * is set and opened once more.
 */
export async function openPopup(oneClick: boolean): Promise<void> {
  if (!oneClick) {
    await browser.action.openPopup();
    return;
  }
  try {
    for (let attempt = 1; ; attempt++) {
      await browser.action.setPopup({ popup: POPUP_PAGE });
      try {
        await browser.action.openPopup();
        return;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
  } finally {
    await browser.action.setPopup({ popup: '' });
  }
}

/**
 * The outcome on the button itself: a tick when the link was copied, or "!" when not (the
 * notification says why).
 */
export async function showOutcomeBadge(
  tabId: number | undefined,
  succeeded: boolean,
): Promise<void> {
  const text = succeeded ? '✓' : '!';
  await browser.action.setBadgeBackgroundColor({
    color: succeeded ? '#1a7f37' : '#b3261e',
    ...(tabId !== undefined && { tabId }),
  });
  await browser.action.setBadgeText({ text, ...(tabId !== undefined && { tabId }) });
  setTimeout(() => {
    void browser.action
      .setBadgeText({ text: '', ...(tabId !== undefined && { tabId }) })
      .catch(() => {});
  }, BADGE_SHOWN_MS);
}
