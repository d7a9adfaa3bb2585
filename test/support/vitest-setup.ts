// Every unit test file: IndexedDB in Node (the links caches live there, lib/account/links-store.ts),
// emptied before each test as the fake browser's storage is; the English messages for `t()`.
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { removeAllStoredLinks } from '../../lib/account/links-store.ts';
import { getMessageFrom, readMessages } from './messages-in-node.ts';

const english = getMessageFrom(readMessages('en'));
fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
fakeBrowser.i18n.getUILanguage = () => 'en-US';

beforeEach(() => removeAllStoredLinks());
