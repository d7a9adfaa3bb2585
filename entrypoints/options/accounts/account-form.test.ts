import { describe, expect, it } from 'vitest';
import { checkAccountForm } from './account-form.ts';

const KEY = 'sk_live_abc123';

describe('checkAccountForm', () => {
  it.each([
    ['a clean pair', 'https://api.example.com', KEY, 'https://api.example.com', KEY],
    ['a trailing slash', 'https://api.example.com/', KEY, 'https://api.example.com', KEY],
    ['a path', 'https://example.com/shortener/', KEY, 'https://example.com/shortener', KEY],
    ['spaces around the URL', '  https://api.example.com \n', KEY, 'https://api.example.com', KEY],
    ['localhost over http', 'http://localhost:8787', KEY, 'http://localhost:8787', KEY],
    [
      'a key pasted with spaces',
      'https://api.example.com',
      `  ${KEY} `,
      'https://api.example.com',
      KEY,
    ],
    [
      'a key pasted with a newline',
      'https://api.example.com',
      `${KEY}\r\n`,
      'https://api.example.com',
      KEY,
    ],
    [
      'a key split over lines',
      'https://api.example.com',
      'sk_live_\nabc123',
      'https://api.example.com',
      KEY,
    ],
  ])('accepts %s, cleaned', (_name, apiBaseUrl, apiKey, expectedUrl, expectedKey) => {
    expect(checkAccountForm({ name: '', apiBaseUrl, apiKey })).toEqual({
      values: { name: '', apiBaseUrl: expectedUrl, apiKey: expectedKey },
    });
  });

  it.each([
    ['an empty URL', '', /^Enter the API base URL/],
    ['a URL of spaces', '   ', /^Enter the API base URL/],
    ['words', 'my service', /is not a web address/],
    ['http to another computer', 'http://api.example.com', /must use HTTPS/],
    ['another scheme', 'ftp://api.example.com', /must start with \u2066https:\/\/\u2069/],
    ['a user name', 'https://me:secret@api.example.com', /user name or password/],
  ])('refuses %s on the API base URL field', (_name, apiBaseUrl, problem) => {
    const result = checkAccountForm({ name: '', apiBaseUrl, apiKey: KEY });
    expect(result).toEqual({ problems: { apiBaseUrl: expect.stringMatching(problem) } });
  });

  it.each([
    ['an empty key', '', 'Enter your API key.'],
    ['a key of spaces and line breaks', ' \n\t ', 'Enter your API key.'],
    ['a key with letters no key has', 'clé-à-moi', expect.stringMatching(/only letters, digits/)],
  ])('refuses %s on the API key field', (_name, apiKey, problem) => {
    const result = checkAccountForm({ name: '', apiBaseUrl: 'https://api.example.com', apiKey });
    expect(result).toEqual({ problems: { apiKey: problem } });
  });

  it('names both fields when both are wrong', () => {
    expect(checkAccountForm({ name: '', apiBaseUrl: 'http://example.com', apiKey: '' })).toEqual({
      problems: { apiBaseUrl: expect.any(String), apiKey: 'Enter your API key.' },
    });
  });
});

describe('the account name', () => {
  const form = { apiBaseUrl: 'https://api.example.com', apiKey: KEY };

  it.each([
    ['empty (the host stands for it)', '', ''],
    ['with spaces around and inside', '  Work   stuff ', 'Work stuff'],
    ['in another script', 'Личный', 'Личный'],
  ])('accepts a name %s', (_name, name, cleaned) => {
    expect(checkAccountForm({ ...form, name })).toEqual({ values: { ...form, name: cleaned } });
  });

  it('refuses a name too long for a menu, on its field', () => {
    expect(checkAccountForm({ ...form, name: 'x'.repeat(61) })).toEqual({
      problems: { name: expect.stringMatching(/too long/) },
    });
  });
});
