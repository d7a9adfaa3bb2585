import { describe, expect, it } from 'vitest';
import { declaredShortlinkOf } from './declared-shortlink.ts';

const page = 'https://blog.example.com/2026/11/a-long-post-title/';

describe('declaredShortlinkOf', () => {
  it('keeps a web address the page declares', () => {
    expect(declaredShortlinkOf('https://wp.me/p1a2b3-4c', page)).toBe('https://wp.me/p1a2b3-4c');
  });

  it.each([
    ['no element', null],
    ['not text', { href: 'https://wp.me/x' }],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hi'],
    ['not an address', 'wp.me/x'],
    ['the page itself', page],
    ['an address too long to be a link', `https://x.test/${'a'.repeat(2048)}`],
    ['a user name that poses as the host', 'https://sho.rt@evil.example/x'],
    ['a user name and password', 'https://user:secret@wp.me/x'],
    ['a password alone', 'https://:secret@wp.me/x'],
  ])('ignores %s', (_case, answer) => {
    expect(declaredShortlinkOf(answer, page)).toBeUndefined();
  });
});
