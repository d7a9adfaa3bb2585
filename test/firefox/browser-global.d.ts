// Code passed to page.evaluate in an extension page runs inside the add-on, where `browser` exists.
declare const browser: typeof import('wxt/browser').browser;
