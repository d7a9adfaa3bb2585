import { afterEach, expect, it } from 'vitest';
import { dayNumber } from './click-record.ts';
import { readClickRecord, recordListRead, removeClickRecord } from './click-record-store.ts';

afterEach(() => Promise.all([removeClickRecord('one'), removeClickRecord('two')]));

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const day = (date: string) => dayNumber(at(date));

it('keeps a record per account across reads of the list', async () => {
  await recordListRead('one', [{ shortUrl: 'https://s.example/a', clicks: 4 }], at('2026-11-20'));
  await recordListRead('one', [{ shortUrl: 'https://s.example/a', clicks: 9 }], at('2026-11-21'));
  await recordListRead('two', [{ shortUrl: 'https://s.example/a', clicks: 1 }], at('2026-11-21'));
  expect((await readClickRecord('one'))['https://s.example/a']).toEqual({
    last: 9,
    since: day('2026-11-20'),
    days: [day('2026-11-21'), 5],
  });
  expect((await readClickRecord('two'))['https://s.example/a']?.days).toEqual([]);
  await removeClickRecord('one');
  expect(await readClickRecord('one')).toEqual({});
});
