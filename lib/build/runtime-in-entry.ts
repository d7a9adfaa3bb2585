// A page's first script carries the bundler's own helpers instead of importing them from a chunk
// of their own. Rolldown puts the helpers that CommonJS modules need (React is one) in a 0.6 kB
// `rolldown-runtime` chunk whenever a lazily loaded chunk needs them too, and an extension page
// runs no script before every file it imports has arrived: one more file cost the popup about
// 6 ms before its form was drawn (`npm run bench -- --only popup`). The entry gets a copy of the
// helpers; the lazy chunks still import the runtime chunk. The helpers keep no state, so two
// copies behave as one.
import type { Plugin, Rolldown } from 'vite';

const RUNTIME_MODULE = '\0rolldown/runtime.js';

/** `import{t as e,n}from"./rolldown-runtime-HASH.js";` as Rolldown writes it, minified or not. */
const runtimeImport = (fileName: string) =>
  new RegExp(
    String.raw`import\s*\{([^}]*)\}\s*from\s*["']\./${fileName.replace(/^.*\//, '').replace(/[.]/g, '\\.')}["'];?`,
  );

/** The runtime chunk's code as an expression whose value holds its exports by their names. */
export function runtimeAsExpression(code: string): string {
  const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code);
  if (!exported?.[1]) throw new Error('runtime-in-entry: the runtime chunk exports nothing.');
  const properties = exported[1]
    .split(',')
    .map((specifier) => specifier.trim().split(/\s+as\s+/))
    .map(([local, name = local]) => `${name}:${local}`);
  return `(()=>{${code.slice(0, exported.index)}return{${properties.join(',')}}})()`;
}

/** The entry's import of the runtime chunk replaced by a copy of the runtime's code. */
export function inlineRuntime(entryCode: string, runtimeFileName: string, runtimeCode: string) {
  const pattern = runtimeImport(runtimeFileName);
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

/** The plugin, for the build of pages whose first script should be the only file they wait for. */
export function runtimeInEntry(): Plugin {
  return {
    name: 'runtime-in-entry',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const runtime = files.find(
        (file): file is Rolldown.OutputChunk =>
          file.type === 'chunk' &&
          file.moduleIds.length === 1 &&
          file.moduleIds[0] === RUNTIME_MODULE,
      );
      if (!runtime) return;
      for (const entry of files) {
        if (entry.type !== 'chunk' || !entry.isEntry || !entry.imports.includes(runtime.fileName))
          continue;
        const code = inlineRuntime(entry.code, runtime.fileName, runtime.code);
        if (code === entry.code) {
          this.error(
            `runtime-in-entry: ${entry.fileName} imports ${runtime.fileName} in a form not recognised.`,
          );
        }
        entry.code = code;
        entry.imports = entry.imports.filter((file) => file !== runtime.fileName);
        // The page no longer needs the runtime chunk at once: no preload link for it.
        for (const page of files) {
          if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
          (page as Rolldown.OutputAsset).source = String(page.source).replace(
            new RegExp(
              `\\s*<link rel="modulepreload"[^>]*${runtime.fileName.replace(/[.]/g, '\\.')}"[^>]*>`,
            ),
            '',
          );
        }
      }
    },
  };
}
