// `npm run build:service`: the service and its command line in one file,
// .output/service/shortlink-service.mjs, that runs with a plain `node` (>= 22.13) and no
// node_modules: what an operator copies to a server, and what deploy/'s image runs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE = path.join(root, '.output/service/shortlink-service.mjs');

/** The files that start a worker from a file beside them; in the bundle that file is the bundle. */
const WORKER_STARTS: [RegExp, string][] = [
  [/[/\\]list-reader\.ts$/, "new URL('./list-worker.ts', import.meta.url)"],
  [/[/\\]checkpoints\.ts$/, "new URL('./checkpoint-worker.ts', import.meta.url)"],
];
const WORKER_FROM_BUNDLE: Plugin = {
  name: 'workers-from-bundle',
  setup(build) {
    for (const [filter, start] of WORKER_STARTS) {
      build.onLoad({ filter }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(start)) {
          throw new Error(
            `${args.path} no longer starts its worker with ${start}: update ${import.meta.filename}.`,
          );
        }
        return { contents: source.replace(start, 'new URL(import.meta.url)'), loader: 'ts' };
      });
    }
  },
};

/**
 * node:sqlite, loaded when a module that needs it first runs rather than as an import at the
 * bundle's top: Node.js before 22.13 has no such module and would refuse the whole file before
 * bundle-entry.ts could say which version it needs.
 */
const SQLITE_WHEN_NEEDED: Plugin = {
  name: 'sqlite-when-needed',
  setup(build) {
    build.onResolve({ filter: /^node:sqlite$/ }, (args) => ({
      path: args.path,
      namespace: 'sqlite-when-needed',
    }));
    build.onLoad({ filter: /.*/, namespace: 'sqlite-when-needed' }, () => ({
      contents: "module.exports = process.getBuiltinModule('node:sqlite');",
      loader: 'js',
    }));
  },
};

export async function buildService(): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  await build({
    entryPoints: [path.join(root, 'server/bundle-entry.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.13',
    minifyWhitespace: true,
    legalComments: 'none',
    plugins: [WORKER_FROM_BUNDLE, SQLITE_WHEN_NEEDED],
    // The CommonJS packages (pino, prom-client) call require() for Node's own modules.
    banner: {
      js: `// shortlink-service ${version}: the short-link service in one file. Run: node shortlink-service.mjs --help\nimport { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);`,
    },
    logLevel: 'warning',
  });
  return BUNDLE;
}

if (import.meta.main) {
  const file = await buildService();
  console.log(`Built ${path.relative(process.cwd(), file)}`);
}
