// Stands in for webextension-polyfill, which @webext-core/storage imports: WXT's `browser` is
// already the promise-based API in every browser we build for, and the polyfill would add 10 kB.
import { browser } from 'wxt/browser';

export default browser;
