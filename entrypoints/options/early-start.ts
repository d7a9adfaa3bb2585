// Imported first by main.tsx: the default account's links (the Links section's first list) start
// loading while the rest of the page's code is evaluated, rather than after React has mounted: the
// cached list (megabytes at tens of thousands) read from IndexedDB, the API client's code fetched,
// and the fresh list asked for. The account object is the page's one (openAccount), so the Links
// section finds the load under way and only follows it.
import { type Account, openAccount } from '../../lib/account/account.ts';
import { openLinksStore } from '../../lib/account/links-store.ts';
import { defaultAccount, isConfigured } from '../../lib/settings/account-choice.ts';
import { loadSettings } from '../../lib/settings/settings.ts';
import { sectionNamed } from './navigation/sections.ts';

let startedAtStart: Account | undefined;
let sectionCameFirst = false;

// The links database opens (tens of milliseconds in a new page) while the settings are read.
openLinksStore();
// And the API client's code is fetched and compiled meanwhile: the account asks for it once the
// settings are read (lib/account/account-state.ts), and the list's request waited for it (about
// 60 ms of the opening without a cache, between the settings and the request).
void import('../../lib/api/client.ts').catch(() => {});
// Only when the page opens on Links: another section (Statistics, say) would wait behind the list.
const opensOnLinks = (sectionNamed(location.hash) ?? 'links') === 'links';
// Opened on Statistics, its code (and the chart's) is fetched while the settings are read.
if (sectionNamed(location.hash) === 'statistics') {
  void import('./statistics/StatisticsSection.tsx').catch(() => {});
}
void loadSettings().then((settings) => {
  const account = defaultAccount(settings);
  if (!opensOnLinks || sectionCameFirst || !isConfigured(account)) return;
  startedAtStart = openAccount(account);
  void startedAtStart.loadLinks();
});

/**
 * Loads an account's links for the Links section, unless the page already started loading that
 * account's at start-up (the first call only: a later opening of the section loads afresh).
 */
export function loadLinksOnce(account: Account): void {
  sectionCameFirst = true;
  const started = startedAtStart;
  startedAtStart = undefined;
  if (started !== account) void account.loadLinks();
}
