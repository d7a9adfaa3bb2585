import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { OMNIBOX_KEYWORD } from './lib/omnibox/keyword.ts';
import { apiOriginPermissions, grantedApiBaseUrl } from './lib/settings/build-config.ts';
import { runtimeInEntry } from './scripts/build/runtime-in-entry.ts';
import { pseudoMessagesJson } from './scripts/pseudo-locale.ts';

// The manifest comes from the entrypoints; only what no entrypoint can say lives here.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  // Manifest V3 for Firefox too (WXT's default there is V2): one manifest shape for both browsers
  // (action, _execute_action, host and optional host permissions), and the version Mozilla is
  // moving to. Firefox runs the background as an event page instead of a service worker.
  manifestVersion: 3,
  zip: {
    // The sources archive Firefox's review asks for: what `npm ci && npm run build:firefox` needs,
    // listed rather than everything-but, so stray local files (keys, scratch scripts) never ship.
    // Dot files (.env*, .data, .output) are left out by WXT; scripts/check-zips.ts rebuilds
    // from the archive and compares.
    includeSources: [
      'README.md',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'entrypoints/**',
      'components/**',
      'lib/**',
      'contract/**',
      'public/**',
      // Imported by this file: the pseudo-locale for `npm run build:pseudo`, the popup's build plugin.
      'scripts/pseudo-locale.ts',
      'scripts/build/**',
    ],
    excludeSources: ['**/*.test.ts', '**/*.test.tsx', '**/*.db', '**/*.pem', '**/*.key'],
  },
  hooks: {
    // The button's tooltip in the person's language; WXT takes it from the popup's <title>, which
    // is an HTML page's and cannot name a message.
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.action) manifest.action.default_title = '__MSG_actionTitle__';
    },
    // `npm run build:pseudo`: the pseudo-locale in place of English (scripts/pseudo-locale.ts).
    'build:publicAssets': (_wxt, files) => {
      if (process.env.SHORTLINK_PSEUDO_LOCALE !== '1') return;
      const english = files.findIndex((file) => file.relativeDest === '_locales/en/messages.json');
      if (english !== -1)
        files[english] = {
          relativeDest: '_locales/en/messages.json',
          contents: pseudoMessagesJson(),
        };
    },
    // Each page is built on its own, so that what it needs at once is one script instead of
    // chunks shared with the other pages: each file an extension page loads costs it several
    // milliseconds (popup: `npm run bench -- --only popup`).
    'entrypoints:grouped': (_wxt, groups) => {
      for (const group of [...groups]) {
        if (!Array.isArray(group) || group.length < 2) continue;
        groups.push(...group.splice(1).map((entrypoint) => [entrypoint]));
      }
    },
    'vite:build:extendConfig': (entrypoints, config) => {
      const builds = (name: string) => entrypoints.some((entrypoint) => entrypoint.name === name);
      // The popup's script then waits for no other file (scripts/build/runtime-in-entry.ts).
      if (builds('popup')) config.plugins = [...(config.plugins ?? []), runtimeInEntry()];
      // `npm start`'s development build gives the options page React's development build,
      // unminified: one script of about 570 kB (345 kB in production, under the default 500).
      // Vite's 500 kB warning stays for every other page and for every production build.
      if (builds('options') && config.mode === 'development') {
        config.build = { ...config.build, chunkSizeWarningLimit: 700 };
      }
    },
  },
  vite: () => ({
    resolve: {
      alias: {
        'webextension-polyfill': fileURLToPath(
          new URL('./lib/browser/webextension-polyfill.ts', import.meta.url),
        ),
      },
    },
  }),
  manifest: ({ browser, manifestVersion }) => ({
    // The store listing and the browser show them in the person's language (public/_locales).
    name: '__MSG_extName__',
    default_locale: 'en',
    ...(browser === 'firefox' && {
      browser_specific_settings: {
        gecko: {
          id: 'short-link@shortlink-extension',
          // The first version with the built-in data-collection consent below.
          strict_min_version: '140.0',
          // The page's address and title go to the short-link service the person configures.
          data_collection_permissions: { required: ['browsingActivity', 'websiteContent'] },
        },
        gecko_android: { strict_min_version: '142.0' },
      },
    }),
    description: '__MSG_extDescription__',
    permissions: [
      'storage',
      'activeTab',
      'contextMenus',
      'notifications',
      'clipboardWrite',
      // Wakes the background to send a deletion whose "Undo" time is up (lib/deletions/pending-deletions.ts).
      'alarms',
      // With activeTab, reads the page's own <link rel="shortlink"> when the popup opens; it
      // adds no install warning (it reaches only the tab the person clicked on).
      'scripting',
      // Chrome's service worker has no clipboard: it writes through an offscreen document.
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    host_permissions: apiOriginPermissions(grantedApiBaseUrl(process.env)),
    // Another API origin, saved in the options, is asked for at run time; "Check destinations"
    // asks for both when pressed (a service that does not check them: the browser asks each
    // destination, and destinations on http:// are links too).
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // `sl <words>` in the address bar (lib/omnibox/omnibox.ts).
    omnibox: { keyword: OMNIBOX_KEYWORD },
    // "Shorten all tabs" asks for it when pressed: it shows the addresses and titles of the
    // window's tabs, which users see as "Read your browsing history".
    optional_permissions: ['tabs'],
    commands: {
      // The popup's shortcut has another name in Manifest V2 (Firefox's default build).
      [manifestVersion === 2 ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_commandOpenPopup__',
      },
      'shorten-current-page': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: '__MSG_commandShortenPage__',
      },
      // While "Shorten on toolbar click" is on, the button (and its shortcut above) shortens at
      // once; this one still opens the popup.
      'open-popup': {
        suggested_key: { default: 'Alt+Shift+O' },
        description: '__MSG_commandOpenPopupOneClick__',
      },
    },
  }),
});
