import { describe, expect, it } from 'vitest';
import { inlineRuntime, runtimeAsExpression, runtimeInEntry } from './runtime-in-entry.ts';

// The runtime chunk as Rolldown writes it, minified, cut down to two helpers.
const RUNTIME =
  'var e=Object.create,o=(e,t)=>()=>(t||(e((t={exports:{}}).exports,t,t.exports),e=null),t.exports),c=(n)=>e(n);export{c as n,o as t};';

describe('runtimeAsExpression', () => {
  it('evaluates to the runtime exports by their exported names', () => {
    const helpers = new Function(`return ${runtimeAsExpression(RUNTIME)}`)();
    expect(Object.keys(helpers).sort()).toEqual(['n', 't']);
    const module = helpers.t((exports: { answer?: number }) => {
      exports.answer = 42;
    });
    expect(module()).toEqual({ answer: 42 });
    expect(module()).toBe(module());
  });

  it('refuses a runtime chunk without an export statement', () => {
    expect(() => runtimeAsExpression('var e=1;')).toThrow(/exports nothing/);
  });
});

describe('inlineRuntime', () => {
  it('replaces the import with a copy under the names the entry uses', () => {
    const entry = `const __vite__mapDeps=1;\nimport{n as r,t}from"./rolldown-runtime-WkwZ5CU-.js";var a=t((x)=>{x.v=1});console.log(r,a().v);`;
    const code = inlineRuntime(entry, 'chunks/rolldown-runtime-WkwZ5CU-.js', RUNTIME);
    expect(code).not.toContain('rolldown-runtime');
    expect(code.startsWith('const __vite__mapDeps=1;\nconst{n:r,t}=(()=>{')).toBe(true);
    const logged: unknown[] = [];
    new Function('console', code)({ log: (...values: unknown[]) => logged.push(...values) });
    expect(logged).toEqual([expect.any(Function), 1]);
  });

  it('reads the unminified form too', () => {
    const entry = 'import { t as __commonJSMin } from "./rolldown-runtime-AB.js";\nrest();';
    expect(inlineRuntime(entry, 'chunks/rolldown-runtime-AB.js', RUNTIME)).toMatch(
      /^const\{t:__commonJSMin\}=\(\(\)=>\{var e=Object\.create.*\}\)\(\);\nrest\(\);$/,
    );
  });

  it('leaves an entry that does not import the runtime as it is', () => {
    const entry = 'import{a}from"./other.js";a();';
    expect(inlineRuntime(entry, 'chunks/rolldown-runtime-AB.js', RUNTIME)).toBe(entry);
  });
});

describe('runtimeInEntry', () => {
  const BROWSER =
    'var e=globalThis.browser?.runtime?.id?globalThis.browser:globalThis.chrome;export{e as t};';
  const chunk = (fileName: string, code: string, moduleIds: string[], imports: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    code,
    moduleIds,
    imports,
    isEntry: fileName.startsWith('chunks/popup'),
  });
  const generate = (bundle: Record<string, unknown>) => {
    const plugin = runtimeInEntry();
    const errors: string[] = [];
    const context = {
      error: (message: string) => {
        errors.push(message);
        throw new Error(message);
      },
    };
    try {
      (plugin.generateBundle as (...args: unknown[]) => void).call(context, {}, bundle, false);
    } catch {}
    return errors;
  };

  it("copies wxt/browser's chunk into the entry and drops its preload link", () => {
    const entry = chunk(
      'chunks/popup-A.js',
      'import{t}from"./browser-B.js";t.i18n.getMessage("x");',
      ['/app/entrypoints/popup/main.tsx'],
      ['chunks/browser-B.js'],
    );
    const browserChunk = chunk('chunks/browser-B.js', BROWSER, [
      '/app/node_modules/@wxt-dev/browser/src/index.mjs',
      '/app/node_modules/wxt/dist/browser.mjs',
    ]);
    const page = {
      type: 'asset' as const,
      fileName: 'popup.html',
      source:
        '<script type="module" src="/chunks/popup-A.js"></script>\n<link rel="modulepreload" crossorigin href="/chunks/browser-B.js">',
    };
    expect(generate({ a: entry, b: browserChunk, c: page })).toEqual([]);
    expect(entry.imports).toEqual([]);
    expect(entry.code).not.toContain('browser-B');
    expect(page.source).not.toContain('browser-B');
    const getMessage = (key: string) => `message ${key}`;
    const run = new Function('globalThis', `${entry.code.replace(/;t\./, ';return t.')}`);
    expect(run({ chrome: { i18n: { getMessage } } })).toBe('message x');
  });

  it('fails the build when the entry would wait for a chunk of other modules, naming them', () => {
    const entry = chunk(
      'chunks/popup-A.js',
      'import{t}from"./t-C.js";t();',
      ['/app/entrypoints/popup/main.tsx'],
      ['chunks/t-C.js'],
    );
    const shared = chunk('chunks/t-C.js', 'var e=1;export{e as t};', [
      '/app/lib/i18n/t.ts',
      '/app/node_modules/@wxt-dev/browser/src/index.mjs',
    ]);
    expect(generate({ a: entry, b: shared })).toEqual([
      expect.stringMatching(/popup-A\.js would wait for chunks\/t-C\.js \(\/app\/lib\/i18n\/t\.ts/),
    ]);
  });
});
