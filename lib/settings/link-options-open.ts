// Whether the popup's "Link options" disclosure is open: a preference of its own in storage.local,
// apart from the settings, so that opening it never rewrites the accounts.
import { browser } from 'wxt/browser';

export const LINK_OPTIONS_OPEN_KEY = 'popupLinkOptionsOpen';

export async function readLinkOptionsOpen(): Promise<boolean> {
  const { [LINK_OPTIONS_OPEN_KEY]: stored } =
    await browser.storage.local.get(LINK_OPTIONS_OPEN_KEY);
  return stored === true;
}

export async function saveLinkOptionsOpen(open: boolean): Promise<void> {
  await browser.storage.local.set({ [LINK_OPTIONS_OPEN_KEY]: open });
}
