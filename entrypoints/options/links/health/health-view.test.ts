import { describe, expect, it } from 'vitest';
import { readHealth } from '../../../../lib/api/link-health.ts';
import { checksFoundText } from './CheckSelected.tsx';
import { healthBadge, healthLine, leadsNowhere } from './health-view.ts';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const threeHoursAgo = new Date(NOW - 3 * 3_600_000).toISOString();
const health = (fields: Record<string, unknown>) =>
  readHealth({ destination_checked_at: threeHoursAgo, ...fields });

describe("the details pane's health line", () => {
  it.each([
    [
      'a page gone',
      { destination_status: 'broken', destination_status_code: 404 },
      'Destination checked 3 hours ago: 404 Not Found',
    ],
    [
      'a page that answers',
      { destination_status: 'ok', destination_status_code: 200 },
      'Destination checked 3 hours ago: 200 OK',
    ],
    [
      'an uncommon status',
      { destination_status: 'broken', destination_status_code: 599 },
      'Destination checked 3 hours ago: 599',
    ],
    [
      'a move for good',
      {
        destination_status: 'redirected',
        destination_status_code: 200,
        destination_final_url: 'https://example.com/new',
        destination_permanent: true,
      },
      'Destination checked 3 hours ago: moved permanently to \u2066https://example.com/new\u2069',
    ],
    [
      'a move for now',
      {
        destination_status: 'redirected',
        destination_final_url: 'https://example.com/new',
        destination_permanent: false,
      },
      'Destination checked 3 hours ago: moved to \u2066https://example.com/new\u2069',
    ],
    [
      'a host that does not resolve',
      { destination_status: 'unreachable', destination_reason: 'dns' },
      'Destination checked 3 hours ago: its host name was not found',
    ],
    [
      'a timeout',
      { destination_status: 'unreachable', destination_reason: 'timeout' },
      'Destination checked 3 hours ago: no answer in time',
    ],
    [
      'a private address',
      { destination_status: 'unchecked', destination_reason: 'private_address' },
      'Destination not checked: it is on a private network',
    ],
    [
      'a link never checked',
      { destination_status: 'unchecked', destination_checked_at: null },
      'Destination not checked yet',
    ],
  ])('says %s', (_, fields, said) => {
    expect(healthLine(health(fields), NOW)).toBe(said);
  });

  it('says nothing for a link without health', () => {
    expect(healthLine({}, NOW)).toBe('');
  });
});

describe("a row's health badge", () => {
  it.each([
    ['broken', 'Broken', true],
    ['unreachable', 'Unreachable', true],
    ['redirected', 'Redirected', false],
  ])('names %s in words', (state, text, nowhere) => {
    expect(healthBadge(health({ destination_status: state }))?.text).toBe(text);
    expect(leadsNowhere(health({ destination_status: state }))).toBe(nowhere);
  });

  it.each(['ok', 'unchecked'])('is none for %s', (state) => {
    expect(healthBadge(health({ destination_status: state }))).toBeUndefined();
  });
});

describe('"Check selected" status', () => {
  it('names the links skipped as checked less than a minute ago, and when to try again', () => {
    const until = new Date(2026, 10, 28, 10, 42).getTime();
    const said = checksFoundText({
      checked: 2,
      states: { ok: 1, redirected: 0, broken: 1, unreachable: 0, unchecked: 0 },
      tooSoon: 1,
      tooSoonUntil: until,
      failed: 0,
    });
    expect(said).toBe(
      'Links checked: 2. Broken: 1, unreachable: 0, redirected: 0. Checked less than a minute ago, so not checked again: 1; try again at 10:42 AM.',
    );
  });
});
