import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { FormField } from '../../../../components/ui/FormField.tsx';
import { Modal, ModalTitle } from '../../../../components/ui/Modal.tsx';
import { TagName } from '../../../../contract/tag-fields.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import { plural, t } from '../../../../lib/i18n/t.ts';
import { bulkSuggestions } from './bulk-suggestions.ts';
import type { BulkEdit } from './use-bulk-edit.ts';

/** A moment as a `datetime-local` input shows it: in the person's zone, to the minute. */
function localDateTime(time: number): string {
  const offsetMs = new Date(time).getTimezoneOffset() * 60_000;
  return new Date(time - offsetMs).toISOString().slice(0, 16);
}

/**
 * The dialog of a bulk edit of the selection: a tag's name (suggested from the tags of the loaded
 * links, or of the selection when taking one off), or when the links end ("Never" clears it).
 * A bad value is said on its field and kept as typed.
 */
export function BulkDialog({
  bulk,
  all,
  selected,
}: {
  bulk: BulkEdit;
  all: readonly Link[];
  selected: ReadonlySet<string>;
}) {
  const kind = bulk.dialog;
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState(() => localDateTime(Date.now() + 7 * 86_400_000));
  const [never, setNever] = useState(false);
  const [error, setError] = useState<string>();
  const suggestions = useMemo(() => bulkSuggestions(kind, all, selected), [kind, all, selected]);
  if (!kind) return null;
  const count = selected.size;
  const title =
    kind === 'add-tag'
      ? plural('linksBulkAddTitle', count)
      : kind === 'remove-tag'
        ? plural('linksBulkRemoveTitle', count)
        : plural('linksBulkExpiryTitle', count);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (kind === 'expiry') {
      const at = never ? null : Date.parse(expires);
      if (at !== null && !(at > Date.now())) return setError(t('linksBulkExpiryPast'));
      return void bulk.applyExpiry(at === null ? null : new Date(at).toISOString());
    }
    const parsed = TagName.safeParse(name);
    if (!parsed.success) return setError(t('linksBulkTagNameRule'));
    void bulk.applyTag(kind as 'add-tag' | 'remove-tag', parsed.data);
  }

  return (
    <Modal className="modal-box" initialFocus={first} onCancel={bulk.close}>
      <ModalTitle>{title}</ModalTitle>
      <form onSubmit={submit} noValidate>
        {kind === 'expiry' ? (
          <>
            <FormField id={`${id}-expires`} label={t('linkExpires')} error={error}>
              {(field) => (
                <input
                  {...field}
                  ref={first}
                  type="datetime-local"
                  value={expires}
                  disabled={never}
                  onChange={(event) => {
                    setExpires(event.target.value);
                    setError(undefined);
                  }}
                />
              )}
            </FormField>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={never}
                onChange={(event) => {
                  setNever(event.target.checked);
                  setError(undefined);
                }}
              />
              {t('linksBulkNever')}
            </label>
          </>
        ) : (
          <FormField id={`${id}-name`} label={t('linksBulkTagName')} error={error}>
            {(field) => (
              <input
                {...field}
                ref={first}
                type="text"
                list={`${id}-suggestions`}
                autoComplete="off"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
        )}
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((tag) => (
            <option key={tag.key} value={tag.name} />
          ))}
        </datalist>
        <div className="row actions">
          <button type="submit" className="primary">
            {t('linksBulkApply')}
          </button>
          <button type="button" onClick={bulk.close}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The selection's bulk buttons in the toolbar, each where the service offers it. */
export function BulkButtons({ bulk, count }: { bulk: BulkEdit; count: number }) {
  if (count === 0) return null;
  return (
    <>
      {bulk.offered['add-tag'] && (
        <button
          type="button"
          aria-keyshortcuts="t"
          aria-disabled={bulk.working}
          onClick={() => bulk.open('add-tag')}
        >
          {t('linksBulkAddTag')}
        </button>
      )}
      {bulk.offered['remove-tag'] && (
        <button type="button" aria-disabled={bulk.working} onClick={() => bulk.open('remove-tag')}>
          {t('linksBulkRemoveTag')}
        </button>
      )}
      {bulk.offered.expiry && (
        <button type="button" aria-disabled={bulk.working} onClick={() => bulk.open('expiry')}>
          {t('linksBulkSetExpiry')}
        </button>
      )}
    </>
  );
}

/** What the last bulk edit did or why it did nothing, with its Undo. */
export function BulkStatusLine({ bulk }: { bulk: BulkEdit }) {
  const { status, working } = bulk;
  if (working) {
    return (
      <p className="bulk-status" role="status">
        {t('linksBulkWorking')}
      </p>
    );
  }
  if (!status) return <p className="bulk-status" role="status" />;
  return (
    <p className={status.failed ? 'bulk-status error' : 'bulk-status'} role="status">
      {status.text}
      {status.undo && (
        <>
          {' '}
          <button type="button" onClick={status.undo}>
            {t('linksUndo')}
          </button>
        </>
      )}
    </p>
  );
}
