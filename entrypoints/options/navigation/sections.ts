// The options page's sections and the address that keeps the one on screen (`options.html#links`).
import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../lib/i18n/t.ts';

export const SECTIONS = [
  { id: 'links', name: 'sectionLinks' },
  { id: 'statistics', name: 'sectionStatistics' },
  { id: 'domains', name: 'sectionDomains' },
  { id: 'tags', name: 'sectionTags' },
  { id: 'accounts', name: 'sectionAccounts' },
  { id: 'preferences', name: 'sectionPreferences' },
] as const satisfies readonly { id: string; name: MessageKey }[];

export type SectionId = (typeof SECTIONS)[number]['id'];

/** Older in-page anchors that now name a section. */
const ALIASES: Record<string, SectionId> = {
  connection: 'accounts',
  'connection-heading': 'accounts',
};

/** The section an address names, or undefined when it names none we know. */
export function sectionNamed(hash: string): SectionId | undefined {
  let name = hash.replace(/^#/, '').toLowerCase();
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape names no section.
  }
  return SECTIONS.find((section) => section.id === name)?.id ?? ALIASES[name];
}

/**
 * Where the page lands when its address names no section: Links once an account is set up, and
 * Accounts before, since there is nothing else to do then.
 */
export const landingSection = (accountSetUp: boolean): SectionId =>
  accountSetUp ? 'links' : 'accounts';

/**
 * The section on screen, following the address (links, back and forward, typed addresses).
 * `accountSetUp` is undefined until the settings are read. Without a section in the address, the
 * landing section is chosen once, from the settings as first read: saving the first account does
 * not move the person away from the Accounts section (only they choose another).
 */
export function useSection(accountSetUp: boolean | undefined): SectionId | undefined {
  const [hash, setHash] = useState(() => location.hash);
  const [landing, setLanding] = useState<SectionId>();
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  if (landing === undefined && accountSetUp !== undefined) {
    // Set during render, React's way of deriving state once: no frame shows the section missing.
    setLanding(landingSection(accountSetUp));
  }
  return (
    sectionNamed(hash) ??
    landing ??
    (accountSetUp === undefined ? undefined : landingSection(accountSetUp))
  );
}
