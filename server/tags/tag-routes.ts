// /v1/tags: an account's tags, with how many links carry each; made, renamed, recoloured and
// deleted here, and made too when a link names one the account lacks (links-routes.ts).
import { type Context, Hono } from 'hono';
import { ErrorCode, MAX_TAGS_PER_ACCOUNT } from '../../contract/limits.ts';
import { tagKey } from '../../contract/tag-fields.ts';
import { CreateTagBody, UpdateTagBody } from '../../contract/tags.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import { answerWrongMethod, HttpProblem, readJsonObject, validate } from '../http/problems.ts';
import { type Storage, TagLimitReached, UniqueViolation } from '../storage/storage.ts';

export type TagRouteDeps = { store: Storage };

const tagNotFound = () =>
  new HttpProblem(ErrorCode.tagNotFound, 'This account has no tag with this id.');

/** The tag id of the path: digits only. */
function tagId(c: Context<AccountEnv>): number {
  const id = c.req.param('id') ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(id)) throw tagNotFound();
  return Number(id);
}

/** Mounted at /v1/tags, behind requireApiKey. */
export function tagRoutes({ store }: TagRouteDeps): Hono<AccountEnv> {
  const tags = new Hono<AccountEnv>();

  /** The problem of a name another tag of the account has (compared by its key). */
  const nameTaken = async (accountId: number, name: string) => {
    const other = await store.tagByKey(accountId, tagKey(name));
    return new HttpProblem(
      ErrorCode.tagNameTaken,
      `There is already a tag "${other?.name ?? name}" (names are compared regardless of case).`,
      { field: 'name' },
    );
  };

  tags.get('/', async (c) =>
    c.json({ success: true, tags: await store.tagsOf(c.get('owner').accountId) }),
  );

  tags.post('/', async (c) => {
    const { accountId } = c.get('owner');
    const input = validate(CreateTagBody, await readJsonObject(c.env.incoming));
    try {
      const tag = await store.createTag(accountId, {
        name: input.name,
        key: tagKey(input.name),
        color: input.color ?? 'gray',
      });
      return c.json({ success: true, ...tag });
    } catch (error) {
      if (error instanceof UniqueViolation) throw await nameTaken(accountId, input.name);
      if (error instanceof TagLimitReached) {
        throw new HttpProblem(
          ErrorCode.tagLimitReached,
          `This account has ${MAX_TAGS_PER_ACCOUNT} tags, the most it may have: delete one before making another.`,
        );
      }
      throw error;
    }
  });

  tags.on(['PUT', 'DELETE', 'PATCH'], '/', answerWrongMethod);

  tags.patch('/:id', async (c) => {
    const { accountId } = c.get('owner');
    const id = tagId(c);
    const input = validate(UpdateTagBody, await readJsonObject(c.env.incoming));
    if (input.name === undefined && input.color === undefined) {
      throw new HttpProblem(
        ErrorCode.missingField,
        'Send "name", "color" or both: nothing to change.',
      );
    }
    try {
      const tag = await store.updateTag(accountId, id, {
        name: input.name === undefined ? undefined : { name: input.name, key: tagKey(input.name) },
        color: input.color,
      });
      if (!tag) throw tagNotFound();
      return c.json({ success: true, ...tag });
    } catch (error) {
      if (error instanceof UniqueViolation) throw await nameTaken(accountId, input.name ?? '');
      throw error;
    }
  });

  tags.delete('/:id', async (c) => {
    if (!(await store.deleteTag(c.get('owner').accountId, tagId(c)))) throw tagNotFound();
    return c.json({ success: true, message: 'Deleted the tag; its links are kept.' });
  });

  return tags;
}
