import { fileURLToPath } from 'node:url';
import { defineConfig } from 'wxt';
import { apiOriginPermissions, defaultApiBaseUrl } from './lib/build-config.ts';

// The manifest comes from the entrypoints; only what no entrypoint can say lives here.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  vite: () => ({
    resolve: {
      alias: {
        'webextension-polyfill': fileURLToPath(
          new URL('./lib/webextension-polyfill.ts', import.meta.url),
        ),
      },
    },
  }),
  manifest: ({ browser, manifestVersion }) => ({
    name: 'Short Link',
    description: 'Shorten the page in front of you in one click, copied and ready to paste.',
    permissions: [
      'storage',
      'activeTab',
      'contextMenus',
      'notifications',
      'clipboardWrite',
      // Chrome's service worker has no clipboard: it writes through an offscreen document.
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    host_permissions: apiOriginPermissions(defaultApiBaseUrl(process.env)),
    // Another API origin, saved in the options, is asked for at run time.
    optional_host_permissions: ['https://*/*'],
    commands: {
      // The popup's shortcut has another name in Manifest V2 (Firefox's default build).
      [manifestVersion === 2 ? '_execute_browser_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Open the Short Link popup',
      },
      'shorten-current-page': {
        suggested_key: { default: 'Alt+Shift+C' },
        description: 'Shorten the current page and copy the short link',
      },
    },
  }),
});
