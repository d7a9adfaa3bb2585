// A tag renamed or recoloured while another transaction tags or untags a link with it, on two
// PostgreSQL connections interleaved: whichever commits first, the link's `tags_json` (kept by
// triggers, read by the list) must end as its tags are. Runs in the PostgreSQL suite only.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagKey } from '../../contract/tag-fields.ts';
import { createDatabase } from '../../test/support/postgres-cluster.ts';
import { hashApiKey } from '../accounts/keys.ts';
import { openPostgresStorage } from './postgres/queries.ts';
import type { Storage } from './storage.ts';

let database: { url: string; drop(): Promise<void> };
let store: Storage;
let accountId: number;
let tagger: postgres.Sql;
let renamer: postgres.Sql;
let links = 0;

beforeAll(async () => {
  const url = process.env.SHORTLINK_TEST_POSTGRES_URL;
  if (!url) throw new Error('SHORTLINK_TEST_POSTGRES_URL is not set: run npm run test:postgres.');
  database = await createDatabase(url);
  store = await openPostgresStorage(database.url);
  await store.createAccount('races@example.com', 'paid', hashApiKey('sk_races'), Date.now());
  accountId = (await store.keyOwner(hashApiKey('sk_races')))?.accountId as number;
  tagger = postgres(database.url, { max: 1, onnotice: () => {} });
  renamer = postgres(database.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await tagger.end();
  await renamer.end();
  await store.close();
  await database.drop();
});

/** A new link, and a new tag `Work` (gray), with `tagged` saying whether the link has it. */
async function linkAndTag(tagged: boolean) {
  const backHalf = `raced-${++links}`;
  await store.insertLinks(accountId, [
    { domain: '', backHalf, destinationUrl: 'https://example.com/', title: '', createdAt: 1 },
  ]);
  const link = await store.linkOf(accountId, '', backHalf);
  const tag = await store.createTag(accountId, {
    name: `Work ${links}`,
    key: tagKey(`Work ${links}`),
    color: 'gray',
  });
  if (!link) throw new Error('The link was not made.');
  if (tagged) {
    await store.updateLink(accountId, '', backHalf, {
      tags: [{ name: tag.name, key: tagKey(tag.name) }],
    });
  }
  return { linkId: link.id, tagId: tag.id, tagName: tag.name };
}

/** The link's tags_json, and what it should be: its tags as they are now. */
async function tagsJsonAndTruth(linkId: number) {
  const [row] = await tagger<{ stored: string; truth: string }[]>`
    SELECT tags_json AS stored, link_tags_json(id) AS truth FROM links WHERE id = ${linkId}`;
  return { stored: JSON.parse(row?.stored ?? 'null'), truth: JSON.parse(row?.truth ?? 'null') };
}

const aMoment = () => new Promise((resolve) => setTimeout(resolve, 300));

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
      let changing: Promise<unknown> | undefined;
      await tagger.begin(async (tx) => {
        await tx`INSERT INTO link_tags (link_id, tag_id) VALUES (${linkId}, ${tagId})`;
        changing = change(renamer, tagId, to(tagName)).then(() => undefined);
        await Promise.race([changing, aMoment()]);
      });
      await changing;
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([{ id: tagId, ...to(tagName) }]);
      expect(stored).toEqual(truth);
    },
  );

  it.each(CHANGES)(
    'is right when the tag changes to %s first and the link is tagged meanwhile',
    async (_, to) => {
      const { linkId, tagId, tagName } = await linkAndTag(false);
      let tagging: Promise<unknown> | undefined;
      await renamer.begin(async (tx) => {
        await change(tx, tagId, to(tagName));
        tagging = tagger`INSERT INTO link_tags (link_id, tag_id) VALUES (${linkId}, ${tagId})`.then(
          () => undefined,
        );
        await Promise.race([tagging, aMoment()]);
      });
      await tagging;
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([{ id: tagId, ...to(tagName) }]);
      expect(stored).toEqual(truth);
    },
  );

  it.each(CHANGES)(
    'is right when the link is untagged while the tag changes to %s',
    async (_, to) => {
      const { linkId, tagId, tagName } = await linkAndTag(true);
      let changing: Promise<unknown> | undefined;
      await tagger.begin(async (tx) => {
        await tx`DELETE FROM link_tags WHERE link_id = ${linkId} AND tag_id = ${tagId}`;
        changing = change(renamer, tagId, to(tagName)).then(() => undefined);
        await Promise.race([changing, aMoment()]);
      });
      await changing;
      const { stored, truth } = await tagsJsonAndTruth(linkId);
      expect(truth).toEqual([]);
      expect(stored).toEqual(truth);
    },
  );
});
