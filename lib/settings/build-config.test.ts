import { describe, expect, it } from 'vitest';
import {
  apiOriginPermissions,
  defaultApiBaseUrl,
  grantedApiBaseUrl,
  LOCAL_API_BASE_URL,
} from './build-config.ts';

describe('defaultApiBaseUrl', () => {
  it.each([true, false])('uses WXT_API_BASE_URL when set, trimmed (development: %s)', (dev) => {
    expect(defaultApiBaseUrl({ WXT_API_BASE_URL: ' https://api.example.com ' }, dev)).toBe(
      'https://api.example.com',
    );
  });

  it('falls back to the local reference service in a development build', () => {
    expect(defaultApiBaseUrl({}, true)).toBe(LOCAL_API_BASE_URL);
    expect(defaultApiBaseUrl({ WXT_API_BASE_URL: '  ' }, true)).toBe(LOCAL_API_BASE_URL);
  });

  it('is empty in a production build: a store user enters their own service', () => {
    expect(defaultApiBaseUrl({}, false)).toBe('');
    expect(defaultApiBaseUrl({ WXT_API_BASE_URL: '  ' }, false)).toBe('');
  });
});

describe('grantedApiBaseUrl', () => {
  it("is the build's API, else the local reference service", () => {
    expect(grantedApiBaseUrl({ WXT_API_BASE_URL: 'https://api.example.com' })).toBe(
      'https://api.example.com',
    );
    expect(grantedApiBaseUrl({})).toBe(LOCAL_API_BASE_URL);
  });
});

describe('apiOriginPermissions', () => {
  it('grants only the API host for a remote API', () => {
    expect(apiOriginPermissions('https://api.example.com/base/')).toEqual([
      'https://api.example.com/*',
    ]);
  });

  it('grants every loopback port for a local API', () => {
    expect(apiOriginPermissions('http://localhost:8787')).toEqual([
      'http://localhost/*',
      'http://*.localhost/*',
      'http://127.0.0.1/*',
      'http://[::1]/*',
    ]);
  });
});
