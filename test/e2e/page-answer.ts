// What the page answered when the popup read its own short link (`scripting.executeScript`, in
// lib/browser/declared-shortlink.ts): the event after which a test may say what the popup does not
// offer. Both functions run in the popup. Chromium only: Firefox runs no script of a test in an
// extension's page before the page's own (test/firefox/popup-mends.spec.ts waits instead).

type WithAnswer = { pageAnswer: Promise<unknown> };

/** For `addInitScript`, before the popup loads: keeps the page's answer to the popup's read. */
export function keepPageAnswer(): void {
  const scripting = chrome.scripting;
  const execute = scripting.executeScript.bind(scripting);
  (globalThis as unknown as WithAnswer).pageAnswer = new Promise((resolve) => {
    Object.defineProperty(scripting, 'executeScript', {
      configurable: true,
      value: async (injection: Parameters<typeof execute>[0]) => {
        const results = await execute(injection);
        resolve(results.map((result) => result.result));
        return results;
      },
    });
  });
}

/** For `evaluate` in the popup: the page's answer, once the popup has drawn what follows from it. */
export async function pageAnswer(): Promise<unknown> {
  const answer = await (globalThis as unknown as WithAnswer).pageAnswer;
  await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  return answer;
}
