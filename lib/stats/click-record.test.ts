import { describe, expect, it } from 'vitest';
import {
  type ClickRecord,
  dayNumber,
  recentClicks,
  recentClicksOfList,
  recordedDays,
  recordRead,
} from './click-record.ts';

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const day = (date: string) => dayNumber(at(date));
const link = (shortUrl: string, clicks: number) => ({ shortUrl, clicks });

describe('recordRead', () => {
  it('starts a new link with no gains, from the day it was seen', () => {
    expect(recordRead({}, [link('https://s.example/a', 40)], at('2026-11-20'))).toEqual({
      'https://s.example/a': { last: 40, since: day('2026-11-20'), days: [] },
    });
  });

  it.each([
    ['a rise counts the difference', 40, 45, [day('2026-11-21'), 5]],
    ['no change counts nothing', 40, 40, []],
    ['a fall (a reset) only re-bases', 40, 3, []],
  ])('%s', (_, first, second, days: number[]) => {
    const one = recordRead({}, [link('a', first)], at('2026-11-20'));
    expect(recordRead(one, [link('a', second)], at('2026-11-21'))).toEqual({
      a: { last: second, since: day('2026-11-20'), days },
    });
  });

  it('adds two reads of one day together, and buckets by UTC day', () => {
    let record = recordRead({}, [link('a', 0)], at('2026-11-20'));
    record = recordRead(record, [link('a', 2)], Date.parse('2026-11-21T00:10:00Z'));
    record = recordRead(record, [link('a', 5)], Date.parse('2026-11-21T23:50:00Z'));
    record = recordRead(record, [link('a', 6)], Date.parse('2026-11-22T00:00:00Z'));
    expect(record.a?.days).toEqual([day('2026-11-21'), 5, day('2026-11-22'), 1]);
  });

  it('drops links no longer listed and days older than 90', () => {
    const before: ClickRecord = {
      a: {
        last: 1,
        since: day('2026-01-01'),
        days: [day('2026-08-28'), 3, day('2026-08-29'), 4],
      },
      gone: { last: 1, since: day('2026-01-01'), days: [] },
    };
    // 2026-11-26 minus 89 days is 2026-08-29: the oldest day kept.
    expect(recordRead(before, [link('a', 1)], at('2026-11-26'))).toEqual({
      a: { last: 1, since: day('2026-01-01'), days: [day('2026-08-29'), 4] },
    });
  });

  it('takes a short URL named like an Object property as any other', () => {
    const record = recordRead({}, [link('__proto__', 1), link('constructor', 2)], at('2026-11-20'));
    expect(Object.keys(record).sort()).toEqual(['__proto__', 'constructor']);
    expect(recentClicks(record, 'toString', 7, at('2026-11-20'))).toBe(0);
  });
});

describe('recordedDays and recentClicks', () => {
  const record: ClickRecord = {
    a: {
      last: 9,
      since: day('2026-11-18'),
      days: [day('2026-11-18'), 2, day('2026-11-20'), 7],
    },
  };

  it('lists every day from the first seen, zeros included', () => {
    expect(recordedDays(record, 'a', 7, at('2026-11-21'))).toEqual([
      { date: '2026-11-18', clicks: 2 },
      { date: '2026-11-19', clicks: 0 },
      { date: '2026-11-20', clicks: 7 },
      { date: '2026-11-21', clicks: 0 },
    ]);
    expect(recordedDays(record, 'b', 7, at('2026-11-21'))).toBeUndefined();
  });

  it.each([
    [7, '2026-11-21', 9],
    [1, '2026-11-20', 7],
    [7, '2026-11-25', 7],
    [7, '2026-11-27', 0],
  ])('%i days to %s: %i', (count, date, expected) => {
    expect(recentClicks(record, 'a', count, at(date))).toBe(expected);
  });
});

describe('recentClicksOfList', () => {
  const before = recordRead({}, [link('a', 1), link('b', 4)], at('2026-11-20'));
  const list = [link('a', 4), link('b', 4), link('new', 9)];

  it('counts the gains of a list the record has not taken in yet', () => {
    expect(recentClicksOfList(before, list, 7, at('2026-11-21'))).toEqual(
      new Map([
        ['a', 3],
        ['b', 0],
        ['new', 0],
      ]),
    );
  });

  it('counts them once when the record has taken that list in already', () => {
    const after = recordRead(before, list, at('2026-11-21'));
    expect(recentClicksOfList(after, list, 7, at('2026-11-21')).get('a')).toBe(3);
  });
});
