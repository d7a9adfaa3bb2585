import { describe, expect, it } from 'vitest';
import {
  defaultDomainName,
  defaultShortHost,
  shortHostShown,
  shortLinkOfAccount,
} from './short-link-of-account.ts';

const hosts = {
  defaultShortHost: 'localhost:8787',
  customDomains: ['go.localhost', 'go.example.com'],
};

describe('shortLinkOfAccount', () => {
  it.each([
    ['http://localhost:8787/abc1234', 'localhost:8787/abc1234'],
    ['http://localhost:8787/abc1234/', 'localhost:8787/abc1234'],
    ['http://go.localhost:8787/my-page', 'go.localhost:8787/my-page'],
    ['https://GO.example.com/Launch_1?ref=x', 'go.example.com/Launch_1'],
  ])('knows %s as the short link %s', (address, id) => {
    expect(shortLinkOfAccount(address, hosts)?.id).toBe(id);
  });

  it.each([
    ['another host', 'https://example.com/abc1234'],
    ['the service home page', 'http://localhost:8787/'],
    ['a deeper path', 'http://localhost:8787/v1/links'],
    ['a path no back-half can have', 'http://localhost:8787/a.b'],
    ['another port on the default host', 'http://localhost:9999/abc1234'],
    ['not a web page', 'chrome://extensions'],
    ['not an address', 'localhost:8787/abc'],
  ])('does not take %s for a short link', (_case, address) => {
    expect(shortLinkOfAccount(address, hosts)).toBeUndefined();
  });
});

describe('defaultShortHost', () => {
  it('is learned from a link on no custom domain', () => {
    const links = [{ shortUrl: 'https://go.example.com/a' }, { shortUrl: 'https://sho.rt/b' }];
    expect(defaultShortHost('https://api.example.com', links, ['go.example.com'])).toBe('sho.rt');
  });

  it('skips loopback custom domains with the borrowed port', () => {
    const links = [{ shortUrl: 'http://go.localhost:8787/a' }];
    expect(defaultShortHost('http://localhost:8787', links, ['go.localhost'])).toBe(
      'localhost:8787',
    );
  });

  it("is the API's host when no link tells", () => {
    expect(defaultShortHost('http://localhost:8787', [], [])).toBe('localhost:8787');
  });
});

describe('defaultDomainName', () => {
  it.each([
    ['localhost:8787', 'localhost:8787'],
    ['xn--bcher-kva.example', 'bücher.example'],
    [undefined, undefined],
  ])('names %s', (host, name) => {
    expect(defaultDomainName(host)).toBe(name);
  });
});

describe('shortHostShown', () => {
  it.each([
    ['', 'localhost:8787', 'localhost:8787'],
    ['', undefined, ''],
    ['go.localhost', 'localhost:8787', 'go.localhost:8787'],
    ['GO.LOCALHOST', 'localhost:8787', 'go.localhost:8787'],
    ['go.localhost:18990', 'localhost:8787', 'go.localhost:18990'],
    ['go.localhost', undefined, 'go.localhost'],
    ['go.localhost', 'sho.rt', 'go.localhost'],
    ['go.example.com', 'localhost:8787', 'go.example.com'],
    ['xn--bcher-kva.example', 'sho.rt', 'bücher.example'],
    ['xn--80ak6aa92e.com:8443', undefined, 'xn--80ak6aa92e.com:8443'],
    ['[::1]:8787', undefined, '[::1]:8787'],
  ])('shows %j (default %j) as %j', (domain, defaultHost, shown) => {
    expect(shortHostShown(domain, defaultHost)).toBe(shown);
  });
});
