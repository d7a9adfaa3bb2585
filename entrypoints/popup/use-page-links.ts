// What the account already has for the page: its links to it, the page's own short link, or that
// the page is a short address without one; and the short link the page declares. Shown before the
// form, and what the popup's Shorten asks the person about (linkForPage with `reuse: 'ask'`).
import { useEffect, useRef, useState } from 'react';
import type { PageToShorten } from '../../lib/browser/active-tab.ts';
import type { PageLinks } from '../../lib/page-link/link-for-page.ts';
import { unshortenableReason } from '../../lib/wording/link-words.ts';
import { laterOnceDrawn } from './load-later.tsx';
import type { AccountOpening } from './use-popup-account.ts';

const NOTHING_FOUND: PageLinks = { pageUrl: '', destination: '', removed: [], existing: [] };

export type PageLinksState = ReturnType<typeof usePageLinks>;

export function usePageLinks(page: PageToShorten) {
  // Undefined until known, and then on screen.
  const [found, setFound] = useState<PageLinks>();
  // "Shorten" pressed before they are known waits for them.
  const answer = useRef<Promise<PageLinks>>(Promise.resolve(NOTHING_FOUND));
  const [declared, setDeclared] = useState<string>();
  // Whether the link the page already has takes the focus: only when it arrives before the person
  // has typed or clicked anything, or when their Shorten asked about it.
  const [focusExisting, setFocusExisting] = useState(false);
  const touched = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the popup opens.
  useEffect(() => {
    let live = true;
    // From the first key or click on, the focus is the person's: a link arriving later (its part
    // is drawn a moment after it is known) must not take it mid-word.
    const touch = () => {
      touched.current = true;
      setFocusExisting(false);
    };
    const touchEvents = ['keydown', 'pointerdown'] as const;
    for (const type of touchEvents) document.addEventListener(type, touch, { capture: true });
    if (!unshortenableReason(page.url) && page.tabId !== undefined) {
      const { tabId, url } = page;
      void laterOnceDrawn()
        .then(({ readDeclaredShortlink }) => readDeclaredShortlink(tabId, url))
        .then((shortUrl) => live && setDeclared(shortUrl));
    }
    return () => {
      live = false;
      for (const type of touchEvents) document.removeEventListener(type, touch, { capture: true });
    };
  }, []);

  return {
    found,
    declared,
    focusExisting,
    /** What the account has for the page, as the popup's Shorten waits for it. */
    answer: () => answer.current,

    /** Asks what an account being opened has for the page; undefined once the account is left. */
    learn(opening: AccountOpening, removeTracking: boolean): Promise<PageLinks | undefined> {
      // A page that cannot be shortened has nothing to ask about.
      if (unshortenableReason(page.url)) return Promise.resolve(undefined);
      const { settings: account, opened, cachedDomains, live } = opening;
      // Set at once, so that "Shorten" pressed from now on waits for the answer.
      answer.current = Promise.all([opened, cachedDomains]).then(([{ code }, cached]) =>
        code.findPageLinks(page.url, {
          account,
          removeTracking,
          linksTo: (addresses) => code.requestLinksForPage(addresses, account.id),
          customDomains: (cached?.value ?? []).map((domain) => domain.domain),
        }),
      );
      return answer.current.then((learned) => {
        if (!live()) return undefined;
        setFound(learned);
        setFocusExisting(
          !touched.current && (learned.existing.length > 0 || learned.selfLink !== undefined),
        );
        return learned;
      });
    },

    /** Shown because the person's Shorten asked about them: they take the focus. */
    show(asked: PageLinks) {
      setFound(asked);
      setFocusExisting(true);
    },

    /** Another account chosen: what this one had is no answer for it. */
    forget() {
      setFound(undefined);
      answer.current = Promise.resolve(NOTHING_FOUND);
      setFocusExisting(false);
    },
  };
}
