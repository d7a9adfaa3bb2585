// "Tags": the names a new link gets, as chips removable by keyboard, with the account's tags as
// suggestions (cached at once, read afresh behind). Shown only where the account's service offers
// tags; in the chunk loaded once the form is drawn.
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { TagChip } from '../../../components/ui/TagChip.tsx';
import { tagKey } from '../../../contract/tag-fields.ts';
import type { Account } from '../../../lib/account/account.ts';
import { t } from '../../../lib/i18n/t.ts';
import { withTagAdded } from '../../../lib/tags/tag-names.ts';
import { tagProblemText } from '../../../lib/tags/tag-words.ts';
import type { AccountTag } from '../../../lib/tags/tags-api.ts';
import { readCachedTags, refreshTags } from '../../../lib/tags/tags-cache.ts';
import type { TagValues } from './tag-values.ts';

const ID = 'link-tags';

/** The account's tags, for suggestions: the cached list at once, then the service's. */
function useAccountTags(account: Account | undefined, offered: boolean): AccountTag[] {
  const [tags, setTags] = useState<AccountTag[]>([]);
  useEffect(() => {
    if (!account || !offered) return;
    let live = true;
    void readCachedTags(account.connection).then((cached) => live && cached && setTags(cached));
    void refreshTags(account)
      .then((fresh) => live && setTags(fresh))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [account, offered]);
  return tags;
}

export function TagsField({
  offered,
  account,
  values,
  error,
  onChange,
  onSubmit,
}: {
  /** Whether the account's service offers tags (its contract names them). */
  offered: boolean;
  account: Account | undefined;
  values: TagValues;
  error: string | undefined;
  /** The values changed, with what is wrong with them now (undefined: nothing). */
  onChange: (values: TagValues, error: string | undefined) => void;
  /** Enter in an empty input shortens, as in the form above. */
  onSubmit: () => void;
}) {
  const accountTags = useAccountTags(account, offered);
  const input = useRef<HTMLInputElement>(null);
  if (!offered) return null;
  const { tags, draft } = values;
  const colorOf = new Map(accountTags.map((tag) => [tagKey(tag.name), tag.color]));
  const chosen = new Set(tags.map(tagKey));
  const suggestions = accountTags.filter((tag) => !chosen.has(tagKey(tag.name)));

  /** Adds the names typed (a comma separates them); the text after the last comma stays typed. */
  function add(texts: string[], rest: string) {
    let next = tags;
    for (const text of texts) {
      const added = withTagAdded(next, text);
      if ('problem' in added) {
        onChange({ tags: next, draft: text }, tagProblemText(added.problem));
        return;
      }
      next = added.tags;
    }
    onChange({ tags: next, draft: rest }, undefined);
  }

  const remove = (index: number) => {
    onChange({ tags: tags.filter((_, at) => at !== index), draft }, undefined);
    input.current?.focus();
  };

  function typed(event: ChangeEvent<HTMLInputElement>) {
    const parts = event.target.value.split(',');
    const rest = parts.pop() ?? '';
    if (parts.length > 0) add(parts, rest);
    else onChange({ tags, draft: rest }, undefined);
  }

  function key(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft.trim() === '') onSubmit();
      else add([draft], '');
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags.length - 1);
    }
  }

  const describedBy = [error && `${ID}-error`, `${ID}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field tags-field">
      <label htmlFor={ID}>{t('tagsField')}</label>
      {tags.length > 0 && (
        <ul className="tag-chips">
          {tags.map((tag, index) => (
            <TagChip key={tagKey(tag)} as="li" name={tag} color={colorOf.get(tagKey(tag))}>
              <button type="button" aria-label={t('tagRemove', tag)} onClick={() => remove(index)}>
                <span aria-hidden="true">×</span>
              </button>
            </TagChip>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={ID}
        list={`${ID}-suggestions`}
        autoComplete="off"
        value={draft}
        onChange={typed}
        onKeyDown={key}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
      <datalist id={`${ID}-suggestions`}>
        {suggestions.map((tag) => (
          <option key={tag.id} value={tag.name} />
        ))}
      </datalist>
      {error && (
        <p id={`${ID}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${ID}-hint`} className="hint">
        {t('tagsFieldHint')}
      </p>
    </div>
  );
}
