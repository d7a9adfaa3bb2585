import { describe, expect, it } from 'vitest';
import { isLoopbackHostname } from '../../contract/limits.ts';
import { DEFAULT_DOMAIN } from '../storage/storage.ts';
import { createShortDomains } from './short-domain.ts';

describe('isLoopbackHostname', () => {
  it.each(['localhost', 'go.localhost', 'a.b.localhost', '127.0.0.1', '[::1]'])(
    'calls %s loopback',
    (hostname) => {
      expect(isLoopbackHostname(hostname)).toBe(true);
    },
  );

  it.each(['example.com', 'localhost.example.com', 'mylocalhost', '10.0.0.1', '[::2]'])(
    'does not call %s loopback',
    (hostname) => {
      expect(isLoopbackHostname(hostname)).toBe(false);
    },
  );
});

describe('short domains on a laptop (localhost with a port)', () => {
  const domains = createShortDomains('localhost:8787');

  it('keeps the port in the default host', () => {
    expect(domains.defaultHost).toBe('localhost:8787');
  });

  it.each([
    ['localhost:8787', DEFAULT_DOMAIN],
    ['localhost', DEFAULT_DOMAIN],
    ['LOCALHOST:9999', DEFAULT_DOMAIN],
    ['localhost.', DEFAULT_DOMAIN],
    ['go.localhost:8787', 'go.localhost'],
    ['Brand.Example.com', 'brand.example.com'],
    ['brand.example.com.', 'brand.example.com'],
    [' brand.example.com ', 'brand.example.com'],
    ['127.0.0.1:8787', '127.0.0.1'],
  ])('reads the host %j as the domain %j', (host, domain) => {
    expect(domains.domainOf(host)).toBe(domain);
  });

  it.each(['', 'a/b', 'user@example.com', 'example.com?x=1', 'exa mple.com', 'example.com:99999'])(
    'reads %j as no domain at all',
    (host) => {
      expect(domains.domainOf(host)).toBeUndefined();
    },
  );

  it('writes short URLs over http, lending the port to loopback custom domains only', () => {
    expect(domains.shortUrl(DEFAULT_DOMAIN, 'abc')).toBe('http://localhost:8787/abc');
    expect(domains.shortUrl('go.localhost', 'abc')).toBe('http://go.localhost:8787/abc');
    expect(domains.shortUrl('brand.example.com', 'abc')).toBe('https://brand.example.com/abc');
    expect(domains.hostOf('go.localhost')).toBe('go.localhost:8787');
    expect(domains.hostOf('brand.example.com')).toBe('brand.example.com');
  });
});

describe('short domains in production (a public host without a port)', () => {
  const domains = createShortDomains('Sho.rt');

  it('writes short URLs over https and lends no port', () => {
    expect(domains.defaultHost).toBe('sho.rt');
    expect(domains.shortUrl(DEFAULT_DOMAIN, 'x')).toBe('https://sho.rt/x');
    expect(domains.shortUrl('go.localhost', 'x')).toBe('http://go.localhost/x');
    expect(domains.hostOf('go.localhost')).toBe('go.localhost');
  });

  it('knows its own host with or without a port', () => {
    expect(domains.domainOf('sho.rt')).toBe(DEFAULT_DOMAIN);
    expect(domains.domainOf('SHO.RT:443')).toBe(DEFAULT_DOMAIN);
    expect(domains.domainOf('www.sho.rt')).toBe('www.sho.rt');
  });
});

describe('a short domain on an IPv6 loopback address', () => {
  it('keeps the brackets and the port', () => {
    const domains = createShortDomains('[::1]:8787');
    expect(domains.shortUrl(DEFAULT_DOMAIN, 'x')).toBe('http://[::1]:8787/x');
    expect(domains.domainOf('[::1]:8787')).toBe(DEFAULT_DOMAIN);
  });
});

describe('an invalid short domain', () => {
  it.each(['', 'a/b', 'user@host', 'http://x.example.com/'])('is refused: %j', (shortDomain) => {
    expect(() => createShortDomains(shortDomain)).toThrow(/Invalid short domain/);
  });
});
