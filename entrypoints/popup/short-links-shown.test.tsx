import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShortenResult } from '../../components/shorten/ShortenResult.tsx';
import { ShortLink } from '../../components/shorten/ShortLink.tsx';
import type { Link } from '../../lib/api/schemas.ts';
import { ExistingLinks } from './ExistingLinks.tsx';
import { DeclaredShortLink, SelfShortLink } from './PageShortLink.tsx';

const link: Link = {
  shortUrl: 'https://sho.rt/caf%C3%A9',
  destinationUrl: 'https://example.com/menu',
  title: 'Menu',
  clicks: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** Each anchor's href, hover text and text, as the markup has them (none of them holds a `"`). */
function anchors(markup: string) {
  return [...markup.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', text]) => ({
    href: /href="([^"]*)"/.exec(attributes)?.[1],
    title: /title="([^"]*)"/.exec(attributes)?.[1],
    text,
  }));
}

const shown = { href: link.shortUrl, title: link.shortUrl, text: 'https://sho.rt/café' };

describe('a short link with a percent-escaped back-half', () => {
  it.each([
    ['the result', <ShortenResult key="result" link={link} copied={false} copyAs="link" />],
    [
      'the links already made for the page',
      <ExistingLinks key="existing" links={[link]} copyAs="link" focusFirst accountId="a" />,
    ],
    [
      'the page that is itself a short link',
      <SelfShortLink key="self" link={link} copyAs="link" focusCopy={false} />,
    ],
    [
      "the page's declared short link",
      <DeclaredShortLink key="declared" shortUrl={link.shortUrl} title="Menu" />,
    ],
    [
      'a list of links made (all tabs, channels)',
      <ShortLink key="listed" shortUrl={link.shortUrl} label={{ text: 'Menu', title: 'x' }} />,
    ],
  ])('reads decoded in %s, links to and shows on hover the exact address', (_, element) => {
    expect(anchors(renderToStaticMarkup(element))[0]).toEqual(shown);
  });
});
