// Clicks sent to a test service as browsers send them, and what its account overview counts:
// the statistics tests of both browsers and of the service click with these.
import type { AccountStatsAnswerJson } from '../../contract/account-stats.ts';
import { api, rawRequest } from './test-api.ts';

export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Follows each short URL with its headers, one after the other; each must redirect. */
export async function visitAll(
  baseUrl: string,
  visits: [shortUrl: string, headers: Record<string, string>][],
): Promise<void> {
  for (const [shortUrl, headers] of visits) {
    const { status } = await rawRequest(baseUrl, new URL(shortUrl).pathname, { headers });
    if (status !== 302) throw new Error(`${shortUrl} answered ${status}, not 302`);
  }
}

/**
 * The clicks (people and bots) the account's overview holds now: the service writes its clicks
 * every fraction of a second, so a test polls this until it holds the clicks it sent.
 */
export async function overviewClicks(baseUrl: string, apiKey: string): Promise<number> {
  const { body } = await api(baseUrl, apiKey).send<AccountStatsAnswerJson>('GET', '/v1/stats');
  return body.stats.humans + body.stats.bots;
}
