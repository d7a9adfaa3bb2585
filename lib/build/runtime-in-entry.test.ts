import { describe, expect, it } from 'vitest';
import { inlineRuntime, runtimeAsExpression } from './runtime-in-entry.ts';

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
