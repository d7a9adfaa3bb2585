import { defineConfig } from 'wxt';
import { apiOriginPermissions, defaultApiBaseUrl } from './lib/build-config.ts';

// The manifest comes from the entrypoints; only what no entrypoint can say lives here.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  imports: false,
  manifest: {
    name: 'Short Link',
    description: 'Shorten the page in front of you in one click, copied and ready to paste.',
    permissions: ['storage'],
    host_permissions: apiOriginPermissions(defaultApiBaseUrl(process.env)),
  },
});
