// Every unit test file: IndexedDB in Node (the links caches live there, lib/account/links-store.ts),
// emptied before each test as the fake browser's storage is.
import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { removeAllStoredLinks } from '../../lib/account/links-store.ts';

beforeEach(() => removeAllStoredLinks());
