// The fake browser of unit tests in another language: its messages, English for the keys it
// lacks (as the browsers do), and its UI language for numbers. Returns the way back to English.
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessageFrom, readMessages } from './messages-in-node.ts';

export function speak(locale: string, uiLanguage = locale.replace('_', '-')): () => void {
  const before = { getMessage: fakeBrowser.i18n.getMessage, ui: fakeBrowser.i18n.getUILanguage };
  const own = getMessageFrom(readMessages(locale));
  const fallback = getMessageFrom(readMessages('en'));
  fakeBrowser.i18n.getMessage = ((key: string, values?: string | string[]) =>
    own(key, values) || fallback(key, values)) as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => uiLanguage;
  return () => {
    fakeBrowser.i18n.getMessage = before.getMessage;
    fakeBrowser.i18n.getUILanguage = before.ui;
  };
}
