import { describe, expect, it } from 'vitest';
import { localDateTime, NO_LINK_OPTIONS } from '../../../../components/shorten/link-end-values.ts';
import { checkEndEdit, endValuesOf } from './link-end-edit.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const all = () => true;
const link = {
  expiresAt: '2026-12-01T10:00:30.000Z',
  maxClicks: 10,
  expiredUrl: 'https://example.com/ended',
};

describe("the edit form's end fields", () => {
  it("are filled from the link, the expiry in the person's zone, the password empty", () => {
    expect(endValuesOf(link)).toEqual({
      expires: localDateTime(Date.parse(link.expiresAt)),
      maxClicks: '10',
      expiredUrl: 'https://example.com/ended',
      password: '',
    });
    expect(endValuesOf({ expiresAt: null })).toEqual(NO_LINK_OPTIONS);
  });

  it('send nothing when nothing was changed, even an expiry already past', () => {
    const ended = { ...link, expiresAt: '2026-11-01T10:00:00.000Z' };
    const options = { offers: all, removePassword: false, now: NOW };
    expect(checkEndEdit(ended, endValuesOf(ended), options)).toEqual({ changes: {} });
  });

  it('send what was changed, null for a field emptied, and the password typed', () => {
    const values = {
      ...endValuesOf(link),
      maxClicks: '',
      expiredUrl: ' https://example.com/later ',
      password: 'open sesame',
    };
    expect(checkEndEdit(link, values, { offers: all, removePassword: false, now: NOW })).toEqual({
      changes: {
        maxClicks: null,
        expiredUrl: 'https://example.com/later',
        password: 'open sesame',
      },
    });
  });

  it('send password null for "Remove password", whatever is typed', () => {
    const values = { ...endValuesOf(link), password: 'ignored' };
    expect(checkEndEdit(link, values, { offers: all, removePassword: true, now: NOW })).toEqual({
      changes: { password: null },
    });
  });

  it('say each bad value on its field', () => {
    const values = {
      expires: localDateTime(NOW - 60_000),
      maxClicks: '0',
      expiredUrl: 'nowhere',
      password: 'abc',
    };
    const checked = checkEndEdit(link, values, { offers: all, removePassword: false, now: NOW });
    expect(Object.keys('errors' in checked ? checked.errors : {}).sort()).toEqual([
      'expiredUrl',
      'expires',
      'maxClicks',
      'password',
    ]);
  });

  it('send nothing the service does not offer', () => {
    const values = { expires: '', maxClicks: '', expiredUrl: '', password: 'open sesame' };
    expect(
      checkEndEdit(link, values, { offers: () => false, removePassword: true, now: NOW }),
    ).toEqual({ changes: {} });
  });
});
