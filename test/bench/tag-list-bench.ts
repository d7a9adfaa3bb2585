// The list filtered by tags beside the plain list, at 20,000 links with 50 tags: GET /v1/links as
// today (a database without tags), the same links carrying tags, and filtered by one tag, by a
// narrow one and by both. Each request is timed to its last byte, brotli as a browser asks,
// taking turns so that a busy machine weighs on each alike; medians.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { serve, stop, timedGet } from './list-bench.ts';

const LINKS = 20_000;
const TAGS = 50;

export type TaggedListFigures = {
  rounds: number;
  untaggedMs: number;
  taggedMs: number;
  /** `?tag=wide`: every second link. */
  wideMs: number;
  wideLinks: number;
  /** `?tag=narrow`: one link in 49. */
  narrowMs: number;
  narrowLinks: number;
  /** `?tag=wide&tag=narrow`. */
  bothMs: number;
};

/** 20,000 links of one account; with tags, each second one `wide`, each one of 49 others. */
async function seed(dbFile: string, tagged: boolean): Promise<string> {
  const store = await openSqliteStorage(dbFile);
  const key = await createAccount(store, 'tagged@example.com');
  const accountId = (await store.keyOwner(hashApiKey(key)))?.accountId as number;
  await store.close();
  const db = new DatabaseSync(dbFile);
  db.exec('BEGIN');
  const insertLink = db.prepare(
    `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
     VALUES (?, '', ?, ?, ?, ?)`,
  );
  const now = Date.now();
  for (let i = 0; i < LINKS; i++) {
    insertLink.run(
      accountId,
      `l${i}`,
      `https://example.com/articles/${i}/a-fairly-typical-article-slug?utm_source=newsletter`,
      `A typical article title, number ${i}`,
      now - i * 1000,
    );
  }
  if (tagged) {
    const insertTag = db.prepare(
      `INSERT INTO tags (account_id, name, name_key, color) VALUES (?, ?, ?, 'blue') RETURNING id`,
    );
    const names = ['wide', ...Array.from({ length: TAGS - 1 }, (_, i) => `tag ${i}`)];
    names[7] = 'narrow';
    const ids = names.map((name) => (insertTag.get(accountId, name, name) as { id: number }).id);
    const link = db.prepare(
      `INSERT INTO link_tags (link_id, tag_id) SELECT id, ? FROM links WHERE back_half = ?`,
    );
    for (let i = 0; i < LINKS; i++) {
      if (i % 2 === 0) link.run(ids[0] as number, `l${i}`);
      link.run(ids[1 + (i % (TAGS - 1))] as number, `l${i}`);
    }
  }
  db.exec('COMMIT');
  db.close();
  return key;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export async function benchTaggedList(rounds = 15): Promise<TaggedListFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-bench-tags-'));
  const services: Awaited<ReturnType<typeof serve>>[] = [];
  try {
    const untaggedKey = await seed(path.join(dir, 'untagged.db'), false);
    const taggedKey = await seed(path.join(dir, 'tagged.db'), true);
    services.push(
      await serve(path.join(dir, 'untagged.db')),
      await serve(path.join(dir, 'tagged.db')),
    );
    const [untagged, tagged] = services as [(typeof services)[0], (typeof services)[0]];
    const agent = new Agent({ keepAlive: true });
    const get = async (baseUrl: string, key: string, query = '') => {
      const answer = await timedGet(`${baseUrl}/v1/links${query}`, {
        agent,
        headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'br' },
      });
      if (answer.status !== 200) throw new Error(`list${query}: ${answer.status}`);
      return answer.ms;
    };
    const count = async (query: string) => {
      const answer = await fetch(`${tagged.baseUrl}/v1/links${query}`, {
        headers: { authorization: `Bearer ${taggedKey}` },
      });
      return ((await answer.json()) as { links: unknown[] }).links.length;
    };
    const runs = {
      untagged: () => get(untagged.baseUrl, untaggedKey),
      tagged: () => get(tagged.baseUrl, taggedKey),
      wide: () => get(tagged.baseUrl, taggedKey, '?tag=wide'),
      narrow: () => get(tagged.baseUrl, taggedKey, '?tag=narrow'),
      both: () => get(tagged.baseUrl, taggedKey, '?tag=wide&tag=narrow'),
    };
    const times = Object.fromEntries(Object.keys(runs).map((name) => [name, [] as number[]]));
    // One warm-up of each (the list worker starts on the first list), then the rounds.
    for (let round = -1; round < rounds; round++) {
      for (const [name, run] of Object.entries(runs)) {
        const ms = await run();
        if (round >= 0) times[name]?.push(ms);
      }
    }
    agent.destroy();
    return {
      rounds,
      untaggedMs: median(times.untagged ?? []),
      taggedMs: median(times.tagged ?? []),
      wideMs: median(times.wide ?? []),
      wideLinks: await count('?tag=wide'),
      narrowMs: median(times.narrow ?? []),
      narrowLinks: await count('?tag=narrow'),
      bothMs: median(times.both ?? []),
    };
  } finally {
    for (const service of services) await stop(service.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
