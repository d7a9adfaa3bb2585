// The extension built without minifying, for traces that name functions (options-trace.ts):
// `npx wxt build -c test/bench/wxt.unminified.config.ts` writes .output/unminified/chrome-mv3.
import { defineConfig } from 'wxt';
import config from '../../wxt.config.ts';

export default defineConfig({
  ...config,
  root: new URL('../..', import.meta.url).pathname,
  outDir: '.output/unminified',
  vite: async (env) => {
    const project = typeof config.vite === 'function' ? await config.vite(env) : {};
    return { ...project, build: { ...project.build, minify: false } };
  },
});
