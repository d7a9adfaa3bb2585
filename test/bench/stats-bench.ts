// `node test/bench/stats-bench.ts [--seconds N]`: what the click statistics cost the redirects
// (the service with them on and off, beside a bare node:http 302 server, runs alternating, medians
// of the rounds; and with one 512-character User-Agent, then 10,000 distinct ones taken in turn,
// on every redirect), and how long
// the statistics of a link with 100,000 clicks from as many referrer hosts take to answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type autocannon from 'autocannon';
import { createAccount } from '../../server/accounts/admin.ts';
import { hashApiKey } from '../../server/accounts/keys.ts';
import { DAY_MS } from '../../server/clicks/clicks.ts';
import { openSqliteStorage } from '../../server/storage/sqlite/queries.ts';
import { HOURS_KEPT_DAYS, type StatCount, type Storage } from '../../server/storage/storage.ts';
import { DESKTOP } from '../support/visits.ts';
import { load, median, type Server, spawnServer } from './service-bench.ts';

export type StatsFigures = {
  withStatisticsPerSecond: number;
  withoutStatisticsPerSecond: number;
  barePerSecond: number;
  /** Statistics on, one 512-character User-Agent on every redirect. */
  longUserAgentPerSecond: number;
  /** Statistics on, DISTINCT_USER_AGENTS 512-character User-Agents taken in turn. */
  distinctUserAgentsPerSecond: number;
  /** Statistics on, every redirect from an address of its own: each a new visitor to mark. */
  distinctVisitorsPerSecond: number;
  /** GET …/stats?days=365 of a link with `statsClicks` clicks, each from its own referrer host. */
  statsMedianMs: number;
  statsClicks: number;
  /** GET …/stats?from=&to= over 365 days of a link with `yearStatsClicks` clicks. */
  yearStatsMedianMs: number;
  yearStatsClicks: number;
  /** That answer's bytes, uncompressed and with Accept-Encoding: br. */
  statsBytes: number;
  statsBytesBrotli: number;
};

/** Every request of a run with its own value of `header`: the nth is `nth(n)`. */
export function eachWith(header: string, nth: (n: number) => string): autocannon.Request[] {
  let sent = 0;
  return [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, [header]: nth(sent++) },
      }),
    },
  ];
}

/** The User-Agents a run with many distinct ones takes in turn: more than any memo of them keeps. */
export const DISTINCT_USER_AGENTS = 10_000;

/** A browser's User-Agent padded to 512 characters, different for every n. */
export const hostileUserAgent = (n: number) =>
  `${DESKTOP} ${n}`.padEnd(512, ' (KHTML, like Gecko) Safari/537.36');

/** The clicks of the link whose year of statistics is read, written through the storage. */
export const YEAR_LINK_CLICKS = 1_000_000;
const YEAR_LINK = 'year';

/**
 * A link with YEAR_LINK_CLICKS clicks spread over the last 365 days, as the click batches store
 * them: per day people, bots and scans, 24 hours (the last 14 days), 4 devices, 12 browsers, 8
 * systems, 30 countries and 51 referrers.
 */
async function seedYear(store: Storage, accountId: number): Promise<void> {
  const link = await store.insertLink(accountId, {
    domain: '',
    backHalf: YEAR_LINK,
    destinationUrl: 'https://example.com/year',
    title: '',
    createdAt: Date.now() - 365 * DAY_MS,
  });
  const today = Math.floor(Date.now() / DAY_MS);
  const perDay = Math.floor(YEAR_LINK_CLICKS / 365);
  for (let day = today - 364; day <= today; day++) {
    const clicks = day === today ? YEAR_LINK_CLICKS - 364 * perDay : perDay;
    const humans = Math.floor(clicks * 0.9);
    const rows: StatCount[] = [];
    const row = (facet: StatCount['facet'], value: string, count: number) =>
      rows.push({ linkId: link.id, day, facet, value, clicks: count });
    row('human', '', humans);
    row('bot', '', clicks - humans);
    row('qr', '', Math.floor(clicks / 10));
    row('visitor', '', Math.floor(humans * 0.6));
    if (day > today - HOURS_KEPT_DAYS) {
      for (let hour = 0; hour < 24; hour++) {
        row('hour_human', String(hour).padStart(2, '0'), Math.floor(humans / 24));
        row('hour_visitor', String(hour).padStart(2, '0'), Math.floor((humans * 0.6) / 24));
      }
    }
    const spread = (facet: StatCount['facet'], names: string[]) => {
      for (const name of names) row(facet, name, Math.floor(humans / names.length));
    };
    spread('device', ['desktop', 'mobile', 'tablet', 'other']);
    spread(
      'browser',
      Array.from({ length: 12 }, (_, i) => `Browser ${i}`),
    );
    spread(
      'os',
      Array.from({ length: 8 }, (_, i) => `System ${i}`),
    );
    spread(
      'country',
      Array.from({ length: 30 }, (_, i) => `C${String.fromCharCode(65 + (i % 26))}`),
    );
    spread(
      'referrer',
      Array.from({ length: 51 }, (_, i) => `r${(day * 7 + i) % 400}.example`),
    );
    await store.addClicks(new Map([[link.id, clicks]]), undefined, rows);
  }
}

async function seeded(
  dir: string,
  name: string,
  year = false,
): Promise<{ dbFile: string; key: string }> {
  const dbFile = path.join(dir, `${name}.db`);
  const seed = await openSqliteStorage(dbFile);
  const key = await createAccount(seed, `${name}@example.com`);
  if (year) await seedYear(seed, (await seed.keyOwner(hashApiKey(key)))?.accountId as number);
  await seed.close();
  return { dbFile, key };
}

export async function benchStatistics(seconds: number, rounds = 3): Promise<StatsFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlink-stats-bench-'));
  const servers: Server[] = [];
  try {
    const on = await seeded(dir, 'on', true);
    const off = await seeded(dir, 'off');
    servers.push(await spawnServer(['test/bench/service-in-process.ts', on.dbFile]));
    servers.push(
      await spawnServer(['test/bench/service-in-process.ts', off.dbFile, '--no-statistics']),
    );
    servers.push(await spawnServer(['test/bench/bare-302.ts']));
    const [withStats, withoutStats, bare] = servers as [Server, Server, Server];
    // `hot` takes the load runs; `referred` the clicks from 100,000 referrer hosts.
    for (const [server, key, backHalf] of [
      [withStats, on.key, 'hot'],
      [withStats, on.key, 'referred'],
      [withoutStats, off.key, 'hot'],
    ] as const) {
      const made = await fetch(`http://127.0.0.1:${server.port}/v1/links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ destination_url: 'https://example.com/', back_half: backHalf }),
      });
      if (!made.ok) throw new Error(`create: ${made.status}`);
    }
    const redirects = async (
      server: Server,
      options: {
        duration?: number;
        amount?: number;
        requests?: autocannon.Request[];
        backHalf?: string;
      },
    ) => {
      const { backHalf = 'hot', ...loadOptions } = options;
      const run = await load({
        url: `http://127.0.0.1:${server.port}/${backHalf}`,
        headers: {
          host: `localhost:${server.port}`,
          'user-agent': DESKTOP,
          referer: 'https://news.example/story',
        },
        connections: 50,
        ...loadOptions,
      });
      const statuses = Object.keys(run.statusCodeStats ?? {});
      if (run.errors > 0 || statuses.join() !== '302') {
        throw new Error(`redirect run: ${run.errors} errors, statuses ${statuses.join(', ')}`);
      }
      return run.requests.average;
    };
    const runs = {
      with: [] as number[],
      without: [] as number[],
      bare: [] as number[],
      longUserAgent: [] as number[],
      userAgents: [] as number[],
      visitors: [] as number[],
    };
    for (let round = 0; round < rounds; round++) {
      runs.bare.push(await redirects(bare, { duration: seconds }));
      runs.with.push(await redirects(withStats, { duration: seconds }));
      runs.without.push(await redirects(withoutStats, { duration: seconds }));
      // Both set the header per request, so that only the server's work differs.
      runs.longUserAgent.push(
        await redirects(withStats, {
          duration: seconds,
          requests: eachWith('user-agent', () => hostileUserAgent(0)),
        }),
      );
      runs.userAgents.push(
        await redirects(withStats, {
          duration: seconds,
          requests: eachWith('user-agent', (n) => hostileUserAgent(n % DISTINCT_USER_AGENTS)),
        }),
      );
      // Through a trusted proxy (the bench's own address), a client address of its own each.
      runs.visitors.push(
        await redirects(withStats, {
          duration: seconds,
          requests: eachWith(
            'x-forwarded-for',
            (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          ),
        }),
      );
    }

    // 100,000 clicks on a link, each from a referrer host of its own, then its statistics over a
    // year.
    const statsUrl = `http://127.0.0.1:${withStats.port}/v1/links/localhost:${withStats.port}/referred`;
    const auth = { authorization: `Bearer ${on.key}` };
    const clicksNow = async () =>
      ((await (await fetch(statsUrl, { headers: auth })).json()) as { clicks: number }).clicks;
    await redirects(withStats, {
      amount: 100_000,
      backHalf: 'referred',
      requests: eachWith('referer', (n) => `https://r${n}.example/story`),
    });
    let clicks = await clicksNow();
    for (let wait = 0; clicks < 100_000 && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      clicks = await clicksNow();
    }
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const answer = await fetch(`${statsUrl}/stats?days=365`, { headers: auth });
      await answer.json();
      times.push(performance.now() - started);
      if (!answer.ok) throw new Error(`stats: ${answer.status}`);
    }
    // A year of a link with YEAR_LINK_CLICKS clicks, by day and by month.
    const yearUrl = `http://127.0.0.1:${withStats.port}/v1/links/localhost:${withStats.port}/${YEAR_LINK}/stats`;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * DAY_MS).toISOString().slice(0, 10);
    const yearTimes: number[] = [];
    let yearClicks = 0;
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const answer = await fetch(`${yearUrl}?from=${yearAgo}&to=${today}`, { headers: auth });
      const body = (await answer.json()) as { stats: { humans: number; bots: number } };
      yearTimes.push(performance.now() - started);
      if (!answer.ok) throw new Error(`year stats: ${answer.status}`);
      yearClicks = body.stats.humans + body.stats.bots;
    }
    // The bytes on the wire, as they come (fetch would decompress them).
    const bytesOf = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        get(`${statsUrl}/stats?days=365`, { headers: { ...auth, ...headers } }, (answer) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('end', () => resolve(bytes));
          answer.on('error', reject);
        }).on('error', reject);
      });
    return {
      withStatisticsPerSecond: median(runs.with),
      withoutStatisticsPerSecond: median(runs.without),
      barePerSecond: median(runs.bare),
      longUserAgentPerSecond: median(runs.longUserAgent),
      distinctUserAgentsPerSecond: median(runs.userAgents),
      distinctVisitorsPerSecond: median(runs.visitors),
      statsMedianMs: median(times),
      yearStatsMedianMs: median(yearTimes),
      yearStatsClicks: yearClicks,
      statsClicks: clicks,
      statsBytes: await bytesOf({}),
      statsBytesBrotli: await bytesOf({ 'accept-encoding': 'br' }),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
  console.log(await benchStatistics(Number(values.seconds)));
}
