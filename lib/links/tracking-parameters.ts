// Removing tracking parameters (`utm_*`, `fbclid`, `gclid`, …) from a destination before it is
// shortened. The list is tidy-url's (https://github.com/DrKain/tidy-url, MIT, data/rules.js): a
// global list of tracking parameters with the source of each group, and per-site lists, kept up to
// date by its maintainers. Only its parameter lists are used: tidy-url's cleaner also follows
// redirect wrappers, rewrites AMP pages and decodes paths, which would change where a short link
// leads rather than only what it carries.
import rules from 'tidy-url/data/rules.js';

export type CleanedAddress = {
  /** The address without the parameters; the very same string when none were found. */
  url: string;
  /** Names of the parameters removed, in the order they stood. */
  removed: string[];
};

/** A rule's pattern without its global flag: `test` on a /g regex keeps state between calls. */
const stateless = (pattern: RegExp) =>
  pattern.global ? new RegExp(pattern.source, pattern.flags.replace('g', '')) : pattern;

const compiled = rules.map((rule) => ({
  match: stateless(rule.match),
  onWholeAddress: rule.match_href === true,
  exclude: (rule.exclude ?? []).map(stateless),
  parameters: new Set((rule.rules ?? []).map((name) => name.trim())),
}));

function trackingParametersFor(url: URL): Set<string> {
  const names = new Set<string>();
  for (const rule of compiled) {
    if (!rule.match.test(rule.onWholeAddress ? url.href : url.host)) continue;
    if (rule.exclude.some((pattern) => pattern.test(url.href))) continue;
    for (const name of rule.parameters) names.add(name);
  }
  return names;
}

function decodedName(pair: string): string {
  const name = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The address without its tracking parameters. The query is cut as text, not rebuilt through
 * URLSearchParams, so every other parameter keeps its exact spelling and order.
 */
export function removeTrackingParameters(address: string): CleanedAddress {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { url: address, removed: [] };
  }
  const queryStart = address.indexOf('?');
  if (queryStart === -1 || !url.search) return { url: address, removed: [] };
  const hashStart = address.indexOf('#', queryStart);
  const query = address.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const hash = hashStart === -1 ? '' : address.slice(hashStart);

  const tracking = trackingParametersFor(url);
  const removed: string[] = [];
  const kept = query.split('&').filter((pair) => {
    if (pair === '') return false;
    const name = decodedName(pair);
    if (!tracking.has(name)) return true;
    removed.push(name);
    return false;
  });
  if (removed.length === 0) return { url: address, removed };
  const base = address.slice(0, queryStart);
  return { url: `${base}${kept.length ? `?${kept.join('&')}` : ''}${hash}`, removed };
}
