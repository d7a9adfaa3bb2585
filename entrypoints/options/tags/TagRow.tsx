// One tag of the Tags section: its chip (the name always written beside the colour), its colour
// as a select of the palette's named colours, how many links carry it, and Rename (inline: Enter
// saves, Escape cancels) and Delete (asked first).
import { type KeyboardEvent, useState } from 'react';
import { TagChip } from '../../../components/ui/TagChip.tsx';
import type { Account } from '../../../lib/account/account.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { formatNumber } from '../../../lib/i18n/format.ts';
import { type MessageKey, t } from '../../../lib/i18n/t.ts';
import { tagNameProblem } from '../../../lib/tags/tag-names.ts';
import { tagProblemText } from '../../../lib/tags/tag-words.ts';
import {
  type AccountTag,
  deleteTag,
  TAG_PALETTE,
  type TagColor,
  updateTag,
} from '../../../lib/tags/tags-api.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

const COLOR_NAMES: Record<TagColor, MessageKey> = {
  gray: 'tagColorGray',
  red: 'tagColorRed',
  orange: 'tagColorOrange',
  yellow: 'tagColorYellow',
  green: 'tagColorGreen',
  blue: 'tagColorBlue',
  purple: 'tagColorPurple',
  pink: 'tagColorPink',
};

/** A refusal in words, as every refusal is said (a name taken included: lib/wording). */
const refusal = (error: unknown): string => describeApiError(error).message;

export function TagRow({
  tag,
  account,
  onChanged,
  onDeleted,
}: {
  tag: AccountTag;
  account: Account;
  onChanged: (changed: Partial<AccountTag>) => void;
  onDeleted: () => void;
}) {
  const [renaming, setRenaming] = useState<{ name: string; error?: string; busy?: boolean }>();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const inputId = `tag-${tag.id}-name`;

  async function rename() {
    if (!renaming || renaming.busy) return;
    const name = renaming.name.trim();
    if (name === tag.name) return setRenaming(undefined);
    const problem = name === '' ? undefined : tagNameProblem(name);
    if (name === '' || problem) {
      const error = problem ? tagProblemText(problem) : t('tagNameEmpty');
      return setRenaming({ ...renaming, error });
    }
    setRenaming({ ...renaming, busy: true, error: undefined });
    try {
      const saved = await updateTag(await account.client(), tag.id, { name });
      onChanged({ name: saved.name });
      setRenaming(undefined);
    } catch (error) {
      setRenaming({ name: renaming.name, error: refusal(error) });
    }
  }

  async function recolor(color: TagColor) {
    setFailure(undefined);
    try {
      const saved = await updateTag(await account.client(), tag.id, { color });
      onChanged({ color: saved.color });
    } catch (error) {
      setFailure(t('tagChangeFailed', tag.name, refusal(error)));
    }
  }

  async function remove() {
    setAsking(false);
    setFailure(undefined);
    try {
      await deleteTag(await account.client(), tag.id);
      onDeleted();
    } catch (error) {
      // Already gone is what the person asked for.
      if (isApiError(error) && error.kind === 'not_found') onDeleted();
      else setFailure(t('tagChangeFailed', tag.name, refusal(error)));
    }
  }

  const renameKeys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void rename();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setRenaming(undefined);
    }
  };

  return (
    <tr>
      <td>
        {renaming ? (
          <div className="tag-rename">
            <input
              id={inputId}
              // biome-ignore lint/a11y/noAutofocus: the field the person asked for by "Rename".
              autoFocus
              aria-label={t('tagNewName', tag.name)}
              aria-invalid={renaming.error ? true : undefined}
              aria-describedby={renaming.error ? `${inputId}-error` : undefined}
              value={renaming.name}
              onChange={(event) => setRenaming({ name: event.target.value })}
              onKeyDown={renameKeys}
            />
            <button type="button" onClick={() => void rename()} disabled={renaming.busy}>
              {t('save')}
            </button>
            <button type="button" onClick={() => setRenaming(undefined)}>
              {t('cancel')}
            </button>
            {renaming.error && (
              <p id={`${inputId}-error`} className="field-error">
                {renaming.error}
              </p>
            )}
          </div>
        ) : (
          <TagChip name={tag.name} color={tag.color} />
        )}
      </td>
      <td>
        <select
          aria-label={t('tagColorOf', tag.name)}
          value={tag.color}
          onChange={(event) => {
            const color = TAG_PALETTE.find((each) => each === event.target.value);
            if (color) void recolor(color);
          }}
        >
          {TAG_PALETTE.map((color) => (
            <option key={color} value={color}>
              {t(COLOR_NAMES[color])}
            </option>
          ))}
        </select>
      </td>
      <td className="tags-count">{formatNumber(tag.links)}</td>
      <td>
        <div className="row tag-actions">
          <button
            type="button"
            aria-label={t('tagRenameNamed', tag.name)}
            onClick={() => setRenaming({ name: tag.name })}
          >
            {t('prefUtmPresetRename')}
          </button>
          <button
            type="button"
            aria-label={t('tagDeleteNamed', tag.name)}
            onClick={() => setAsking(true)}
          >
            {t('prefUtmPresetDelete')}
          </button>
        </div>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        {asking && (
          <ConfirmDialog
            title={t('tagDeleteTitle', tag.name)}
            confirmLabel={t('prefUtmPresetDelete')}
            onConfirm={() => void remove()}
            onCancel={() => setAsking(false)}
          >
            <p>{t('tagDeleteBody')}</p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}
