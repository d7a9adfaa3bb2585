import { describe, expect, it } from 'vitest';
import { leftOutTabs } from './left-out.ts';

const page = { url: 'https://example.com/a', title: 'A page' };

describe('leftOutTabs', () => {
  it('names the tabs not shortened by title, else by host', () => {
    expect(
      leftOutTabs(
        [page, { url: 'chrome://settings/', title: 'Settings' }, { url: 'file:///home/x.pdf' }],
        [page.url],
      ),
    ).toEqual({ count: 2, named: '“Settings” and “file:///home/x.pdf”' });
    expect(leftOutTabs([{ url: 'https://xn--mnchen-3ya.de/x' }], [])).toEqual({
      count: 1,
      named: '“münchen.de”',
    });
  });

  it('names three and counts the rest', () => {
    const tabs = ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({
      url: 'about:blank',
      title,
    }));
    expect(leftOutTabs(tabs, [])).toEqual({ count: 5, named: '“One”, “Two”, “Three” and 2 more' });
  });

  it('cuts a long title and names a tab with nothing to show', () => {
    expect(leftOutTabs([{ url: 'about:blank', title: 'x'.repeat(80) }, {}], [])).toEqual({
      count: 2,
      named: `“${'x'.repeat(31)}…” and an empty tab`,
    });
  });

  it('leaves out nothing when every tab was shortened, duplicates included', () => {
    expect(leftOutTabs([page, { ...page }], [page.url])).toEqual({ count: 0, named: '' });
  });
});
