// A tag renamed or recoloured while another transaction tags or untags a link with it, on two
// PostgreSQL connections interleaved: whichever commits first, the link's `tags_json` (kept by
// triggers, read by the list) must end as its tags are. Runs in the PostgreSQL suite only.
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagKey } from '../../contract/tag-fields.ts';
import {
  meanwhileHeld,
  openRaceDatabase,
  type RaceDatabase,
} from '../../test/support/postgres-races.ts';

let races: RaceDatabase;
let links = 0;

beforeAll(async () => {
  races = await openRaceDatabase('races@example.com');
});
afterAll(() => races.close());

/** A new link, and a new tag `Work` (gray), with `tagged` saying whether the link has it. */
async function linkAndTag(tagged: boolean) {
  const backHalf = `raced-${++links}`;
  await races.store.insertLinks(races.accountId, [
    { domain: '', backHalf, destinationUrl: 'https://example.com/', title: '', createdAt: 1 },
  ]);
  const link = await races.store.linkOf(races.accountId, '', backHalf);
  const tag = await races.store.createTag(races.accountId, {
    name: `Work ${links}`,
    key: tagKey(`Work ${links}`),
    color: 'gray',
  });
  if (!link) throw new Error('The link was not made.');
  if (tagged) {
    await races.store.updateLink(races.accountId, '', backHalf, {
      tags: [{ name: tag.name, key: tagKey(tag.name) }],
    });
  }
  return { linkId: link.id, tagId: tag.id, tagName: tag.name };
}

/** The link's tags_json, and what it should be: its tags as they are now. */
async function tagsJsonAndTruth(linkId: number) {
  const [row] = await races.first<{ stored: string; truth: string }[]>`
    SELECT tags_json AS stored, link_tags_json(id) AS truth FROM links WHERE id = ${linkId}`;
  return { stored: JSON.parse(row?.stored ?? 'null'), truth: JSON.parse(row?.truth ?? 'null') };
}

/** How the tag is changed: its name's case (same key), its colour, or a new name (a new key). */
const CHANGES = [
  ['its name written in capitals', (name: string) => ({ name: name.toUpperCase(), color: 'gray' })],
  ['its colour', (name: string) => ({ name, color: 'blue' })],
  ['a new name', (name: string) => ({ name: `${name} renamed`, color: 'gray' })],
] as const;

const change = (
  sql: postgres.Sql | postgres.TransactionSql,
  tagId: number,
  to: { name: string; color: string },
) =>
  sql`UPDATE tags SET name = ${to.name}, name_key = ${tagKey(to.name)}, color = ${to.color}
      WHERE id = ${tagId}`;

describe("a link's tags_json when its tag changes while another transaction tags the link", () => {
  it.each(CHANGES)(
    'is right when the link is tagged first and the tag changes to %s',
    async (_, to) => {
      const { linkId, tagId, tagName } = await linkAndTag(false);
      await meanwhileHeld(
        races.first,
        (tx) => tx`INSERT INTO link_tags (link_id, tag_id) VALUES (${linkId}, ${tagId})`,
        () => change(races.second, tagId, to(tagName)),
      );
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([{ id: tagId, ...to(tagName) }]);
      expect(stored).toEqual(truth);
    },
  );

  it.each(CHANGES)(
    'is right when the tag changes to %s first and the link is tagged meanwhile',
    async (_, to) => {
      const { linkId, tagId, tagName } = await linkAndTag(false);
      await meanwhileHeld(
        races.second,
        (tx) => change(tx, tagId, to(tagName)),
        () => races.first`INSERT INTO link_tags (link_id, tag_id) VALUES (${linkId}, ${tagId})`,
      );
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([{ id: tagId, ...to(tagName) }]);
      expect(stored).toEqual(truth);
    },
  );

  it.each(CHANGES)(
    'is right when the link is untagged while the tag changes to %s',
    async (_, to) => {
      const { linkId, tagId, tagName } = await linkAndTag(true);
      await meanwhileHeld(
        races.first,
        (tx) => tx`DELETE FROM link_tags WHERE link_id = ${linkId} AND tag_id = ${tagId}`,
        () => change(races.second, tagId, to(tagName)),
      );
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([]);
      expect(stored).toEqual(truth);
    },
  );
});
