// The options page's sections and the address that keeps the one on screen (`options.html#links`).
import { useEffect, useState } from 'react';

export const SECTIONS = [
  { id: 'links', name: 'Links' },
  { id: 'domains', name: 'Domains' },
  { id: 'accounts', name: 'Accounts' },
  { id: 'preferences', name: 'Preferences' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** Older in-page anchors that now name a section. */
const ALIASES: Record<string, SectionId> = {
  connection: 'accounts',
  'connection-heading': 'accounts',
};

/**
 * The section an address names; without one (or with one we do not know), Links once an account is
 * set up and Accounts before, since there is nothing else to do then.
 */
export function sectionFromHash(hash: string, accountSetUp: boolean): SectionId {
  let name = hash.replace(/^#/, '').toLowerCase();
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape names no section.
  }
  const known = SECTIONS.find((section) => section.id === name)?.id ?? ALIASES[name];
  return known ?? (accountSetUp ? 'links' : 'accounts');
}

/** The section on screen, following the address (links, back and forward, typed addresses). */
export function useSection(accountSetUp: boolean): SectionId {
  const [hash, setHash] = useState(() => location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return sectionFromHash(hash, accountSetUp);
}
