// The extension's links caches as the tests and benchmarks reach them, from the background:
// IndexedDB `shortlink-caches`, object store `links`, one entry per account id, its first
// screen and the pieces of its list (lib/account/links-store.ts).
import type { Worker } from '@playwright/test';

type Operation = 'get' | 'put' | 'delete';

export function linksStoreEntry(
  worker: Worker,
  operation: Operation,
  id: string,
  value?: unknown,
): Promise<unknown> {
  return worker.evaluate(
    ({ operation, id, value }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('shortlink-caches');
        open.onupgradeneeded = () => open.result.createObjectStore('links');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('links', 'readwrite');
          const links = transaction.objectStore('links');
          const request =
            operation === 'get'
              ? links.get(id)
              : operation === 'put'
                ? links.put(value, id)
                : links.delete(id);
          // A list stored in pieces (links-store.ts) is read with its pieces in `parts`.
          const pieces: unknown[] = [];
          if (operation === 'get') {
            request.onsuccess = () => {
              const count = (request.result as { parts?: unknown } | undefined)?.parts;
              if (typeof count !== 'number') return;
              for (let at = 0; at < count; at++) {
                const piece = links.get(`${id}:part:${at}`);
                piece.onsuccess = () => {
                  pieces[at] = piece.result;
                };
              }
            };
          }
          // The first screen is written with the whole list (links-store.ts): one put here, or
          // one removal, leaves none that would disagree with it.
          if (operation !== 'get') links.delete(`${id}:first-screen`);
          // Nor a version: whatever the background made from the list before is read afresh.
          if (operation !== 'get') links.delete(`${id}:version`);
          transaction.oncomplete = () => {
            open.result.close();
            const stored = request.result as { parts?: unknown } | undefined;
            if (operation !== 'get') resolve(undefined);
            else resolve(typeof stored?.parts === 'number' ? { ...stored, parts: pieces } : stored);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { operation, id, value },
  );
}
