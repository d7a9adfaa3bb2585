import { describe, expect, it } from 'vitest';
import { apiOriginPermissions, defaultApiBaseUrl, LOCAL_API_BASE_URL } from './build-config.ts';

describe('defaultApiBaseUrl', () => {
  it('uses WXT_API_BASE_URL when set, trimmed', () => {
    expect(defaultApiBaseUrl({ WXT_API_BASE_URL: ' https://api.example.com ' })).toBe(
      'https://api.example.com',
    );
  });

  it('falls back to the local reference service', () => {
    expect(defaultApiBaseUrl({})).toBe(LOCAL_API_BASE_URL);
    expect(defaultApiBaseUrl({ WXT_API_BASE_URL: '  ' })).toBe(LOCAL_API_BASE_URL);
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
