// The extension's links caches as the tests and benchmarks reach them, from the background:
// IndexedDB `shortlink-caches`, object store `links`, one entry per account id and its first
// screen (lib/account/links-store.ts).
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
          // The first screen is written with the whole list (links-store.ts): one put here, or
          // one removal, leaves none that would disagree with it.
          if (operation !== 'get') links.delete(`${id}:first-screen`);
          // Nor a version: whatever the background made from the list before is read afresh.
          if (operation !== 'get') links.delete(`${id}:version`);
          transaction.oncomplete = () => {
            open.result.close();
            resolve(operation === 'get' ? request.result : undefined);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { operation, id, value },
  );
}
