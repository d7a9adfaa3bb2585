// What the service benches start and seed alike: the command line of a service with its rate
// limits off (one load generator on one address, as fast as it can: limits would turn it away),
// and the 10,000 typical links the list figures read.
import type { Storage } from '../../server/storage/storage.ts';

/** `serve` on a free port over `db`, limits off; `cli` is another build's server/cli.ts. */
export const serveArgs = (db: string, cli = 'server/cli.ts') => [
  cli,
  'serve',
  '--port',
  '0',
  '--db',
  db,
  '--rate-limit',
  '0',
  '--address-rate-limit',
  '0',
];

/** `count` links of the list figures, one a minute back from now, newest first when listed. */
export async function seedListLinks(store: Storage, accountId: number, count = 10_000) {
  const now = Date.now();
  for (let n = 0; n < count; n++) {
    await store.insertLink(accountId, {
      domain: '',
      backHalf: `list${n}`,
      destinationUrl: `https://example.com/articles/${n}/a-fairly-typical-article-slug?utm_source=newsletter`,
      title: `A typical article title, number ${n}`,
      createdAt: now - n * 60_000,
    });
  }
}
