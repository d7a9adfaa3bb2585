import { vi } from 'vitest';

/**
 * Holds every answer of the service (or those to the addresses `held` picks) until `release` is
 * called; `asked` resolves on the first request held. The request itself is sent at once: the
 * service answers as of then, whatever happens while its answer is held.
 */
export function holdAnswers(held: (url: string) => boolean = () => true) {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked!: () => void;
  const firstAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!held(url)) return realFetch(input, init);
    asked();
    const answer = await realFetch(input, init);
    await released;
    return answer;
  });
  return { release, asked: firstAsked };
}
