// Code passed to worker.evaluate / page.evaluate runs inside the extension, where `chrome` exists.
declare const chrome: typeof import('wxt/browser').Browser;
