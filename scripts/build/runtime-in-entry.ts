// A page's first script carries the bundler's own helpers and `wxt/browser` instead of importing
// them from chunks of their own. Rolldown puts the helpers that CommonJS modules need (React is
// one) in a 0.6 kB `rolldown-runtime` chunk whenever a lazily loaded chunk needs them too, and it
// puts `wxt/browser` (one line: the `browser` or `chrome` global) in a 90-byte chunk when a lazy
// chunk reached through another lazy chunk needs it (the QR view's `t()`, imported by the popup's
// later code). An extension page runs no script before every file it imports has arrived: one more
// file cost the popup about 6 ms before its form was drawn (`npm run bench -- --only popup`). The
// entry gets a copy of such a chunk; the lazy chunks still import the chunk itself. Both keep no
// state (helpers; a reference to a global), so two copies behave as one.
import type { Plugin, Rolldown } from 'vite';

/** Modules whose code may run twice, once in the entry and once in their own chunk. */
const COPYABLE_MODULES = [
  /^\0rolldown\/runtime\.js$/,
  // `wxt/browser` re-exports `@wxt-dev/browser`.
  /[\\/]@wxt-dev[\\/]browser[\\/]src[\\/]index\.mjs$/,
  /[\\/]wxt[\\/]dist[\\/]browser\.mjs$/,
];

export const isCopyable = (chunk: Pick<Rolldown.OutputChunk, 'moduleIds' | 'imports'>) =>
  chunk.moduleIds.length > 0 &&
  chunk.imports.length === 0 &&
  chunk.moduleIds.every((id) => COPYABLE_MODULES.some((pattern) => pattern.test(id)));

/** `import{t as e,n}from"./rolldown-runtime-HASH.js";` as Rolldown writes it, minified or not. */
const chunkImport = (fileName: string) =>
  new RegExp(
    String.raw`import\s*\{([^}]*)\}\s*from\s*["']\./${fileName.replace(/^.*\//, '').replace(/[.]/g, '\\.')}["'];?`,
  );

/** A chunk's code as an expression whose value holds its exports by their names. */
export function runtimeAsExpression(code: string): string {
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code);
  if (!exported?.[1]) throw new Error('runtime-in-entry: the runtime chunk exports nothing.');
  const properties = exported[1]
    .split(',')
    .map((specifier) => specifier.trim().split(/\s+as\s+/))
    .map(([local, name = local]) => `${name}:${local}`);
  return `(()=>{${code.slice(0, exported.index)}return{${properties.join(',')}}})()`;
}

/** The entry's import of a copyable chunk replaced by a copy of that chunk's code. */
export function inlineRuntime(entryCode: string, runtimeFileName: string, runtimeCode: string) {
  const pattern = chunkImport(runtimeFileName);
  const imported = pattern.exec(entryCode);
  if (!imported?.[1]) return entryCode;
  const bindings = imported[1]
    .split(',')
    .map((specifier) => specifier.trim().split(/\s+as\s+/))
    .map(([name, local = name]) => (name === local ? name : `${name}:${local}`));
  return entryCode.replace(
    pattern,
    () => `const{${bindings.join(',')}}=${runtimeAsExpression(runtimeCode)};`,
  );
}

/**
 * The plugin, for the build of pages whose first script should be the only file they wait for.
 * An entry still importing a chunk afterwards fails the build, naming the chunk's modules.
 */
export function runtimeInEntry(): Plugin {
  return {
    name: 'runtime-in-entry',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunks = files.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
        for (const fileName of [...entry.imports]) {
          const imported = byName.get(fileName);
          if (!imported || !isCopyable(imported)) {
            this.error(
              `runtime-in-entry: ${entry.fileName} would wait for ${fileName} (${imported?.moduleIds.join(', ')}) before it runs; load what needs it with import(), or add a stateless module to COPYABLE_MODULES.`,
            );
          }
          const code = inlineRuntime(entry.code, fileName, imported.code);
          if (code === entry.code) {
            this.error(
              `runtime-in-entry: ${entry.fileName} imports ${fileName} in a form not recognised.`,
            );
          }
          entry.code = code;
          entry.imports = entry.imports.filter((file) => file !== fileName);
          // The page no longer needs that chunk at once: no preload link for it.
          for (const page of files) {
            if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
            (page as Rolldown.OutputAsset).source = String(page.source).replace(
              new RegExp(
                `\\s*<link rel="modulepreload"[^>]*${fileName.replace(/[.]/g, '\\.')}"[^>]*>`,
              ),
              '',
            );
          }
        }
      }
    },
  };
}
