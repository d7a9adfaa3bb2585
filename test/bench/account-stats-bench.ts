// `node test/bench/account-stats-bench.ts`: how long the account's overview (GET /v1/stats, every
// list, the last 30 days) takes to answer for an account of OVERVIEW_LINKS links that were all
// clicked, their statistics seeded through the storage as the click batches write them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { DAY_MS } from '../../server/clicks/clicks.ts';
import { ACCOUNT_ROLLUP_BACKFILL } from '../../server/storage/sqlite/account-rollup.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import type { StatCount } from '../../server/storage/storage.ts';
import { median, spawnServer } from './service-bench.ts';

export const OVERVIEW_LINKS = 20_000;
/** The days of the last 30 on which each link was clicked. */
const CLICKED_DAYS = 6;

export type OverviewFigures = { links: number; rows: number; medianMs: number; clicks: number };

/**
 * Each link clicked on CLICKED_DAYS days of the last 30, every day with people, bots and scans,
 * 4 of its hours, 2 devices, browsers and systems, 3 countries and 3 referrers (of 500 hosts): the
 * rows a click batch writes (storage.ts StatCount), inserted straight into the file, since
 * 2,280,000 of them through addClicks take minutes (the account's roll-up is then filled from
 * them, as the migration fills it). A third of the destinations carry one of 40 campaigns.
 */
export async function seedOverview(dbFile: string): Promise<{ key: string; rows: number }> {
  const store = await openSqliteStorage(dbFile);
  const key = await createAccount(store, 'overview@example.com');
  const accountId = (await store.keyOwner(hashApiKey(key)))?.accountId as number;
  await store.close();
  const db = new DatabaseSync(dbFile);
  const today = Math.floor(Date.now() / DAY_MS);
  const insertLink = db.prepare(
    `INSERT INTO links (account_id, domain, back_half, destination_url, title, created_at)
     VALUES (?, '', ?, ?, '', ?) RETURNING id`,
  );
  const insertStat = db.prepare(
    'INSERT INTO click_stats (link_id, day, facet, value, clicks) VALUES (?, ?, ?, ?, ?)',
  );
  let rows = 0;
  db.exec('BEGIN');
  for (let n = 0; n < OVERVIEW_LINKS; n++) {
    const destination = `https://example.com/${n}${n % 3 === 0 ? `?utm_campaign=c${n % 40}` : ''}`;
    const { id } = insertLink.get(accountId, `o${n}`, destination, Date.now() - 60 * DAY_MS) as {
      id: number;
    };
    for (let d = 0; d < CLICKED_DAYS; d++) {
      const day = today - ((n + d * 5) % 30);
      const row = (facet: StatCount['facet'], value: string, clicks: number) => {
        insertStat.run(id, day, facet, value, clicks);
        rows++;
      };
      row('human', '', 9);
      row('bot', '', 1);
      row('qr', '', 1);
      for (const hour of ['08', '12', '17', '21']) row('hour_human', hour, 2);
      row('device', 'desktop', 5);
      row('device', 'mobile', 4);
      row('browser', 'Chrome', 5);
      row('browser', 'Firefox', 4);
      row('os', 'Windows', 5);
      row('os', 'Android', 4);
      for (const code of ['DE', 'FR', 'US']) row('country', code, 3);
      for (let r = 0; r < 3; r++) row('referrer', `r${(n * 3 + r) % 500}.example`, 3);
    }
  }
  // The account's roll-up, which the click batches write beside these rows, summed from them.
  db.exec(ACCOUNT_ROLLUP_BACKFILL);
  db.exec('COMMIT');
  db.close();
  return { key, rows };
}

export async function benchAccountOverview(): Promise<OverviewFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-overview-bench-'));
  const dbFile = path.join(dir, 'overview.db');
  try {
    const { key, rows } = await seedOverview(dbFile);
    const server = await spawnServer(['test/bench/service-in-process.ts', dbFile]);
    try {
      const times: number[] = [];
      let clicks = 0;
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const answer = await fetch(`http://127.0.0.1:${server.port}/v1/stats`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const body = (await answer.json()) as { stats: { humans: number; bots: number } };
        times.push(performance.now() - started);
        if (!answer.ok) throw new Error(`overview: ${answer.status}`);
        clicks = body.stats.humans + body.stats.bots;
      }
      return { links: OVERVIEW_LINKS, rows, medianMs: median(times), clicks };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await benchAccountOverview());
