import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/ui/FormField.tsx';
import type { Account } from '../../../lib/account/account.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { t } from '../../../lib/i18n/t.ts';
import { describeApiError } from '../../../lib/wording/error-text.ts';
import { ACCOUNTS_SECTION } from '../accounts/AccountsSection.tsx';
import { checkEditDestination, checkEditTitle } from './edit-fields.ts';
import { useLinkEndEdit } from './link-end/use-link-end-edit.tsx';
import { changedFields } from './links-view.ts';

type Field = 'destinationUrl' | 'title';

/**
 * The form that edits a link's destination and title, in the Edit dialog or in place in the details
 * pane; the list shows the change while it is sent, and takes it back if the service refuses it.
 */
export function EditLinkForm({
  link,
  account,
  onDone,
  onSaved,
  idPrefix,
}: {
  link: Link;
  account: Account;
  /** Called when the form is done: saved, unchanged, or cancelled. */
  onDone: () => void;
  /** Called when the service has saved a change (before onDone). */
  onSaved?: () => void;
  idPrefix: string;
}) {
  const [form, setForm] = useState({ destinationUrl: link.destinationUrl, title: link.title });
  const [serverProblem, setServerProblem] = useState<{ field?: Field; message: string }>();
  const [busy, setBusy] = useState(false);
  const end = useLinkEndEdit(link, account, idPrefix);

  const destination = checkEditDestination(form.destinationUrl);
  const title = checkEditTitle(form.title);
  const problemFor = (field: Field, checked: { problem?: string }) =>
    checked.problem ?? (serverProblem?.field === field ? serverProblem.message : undefined);

  async function save(event: FormEvent) {
    event.preventDefault();
    const endChanges = end.changes();
    if (busy || destination.problem !== undefined || title.problem !== undefined) return;
    if (!endChanges) return;
    const changes = {
      ...changedFields(link, { destinationUrl: destination.value ?? '', title: title.value ?? '' }),
      ...endChanges,
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    setBusy(true);
    setServerProblem(undefined);
    try {
      // The list shows the change at once, and the link as it was again if the service refuses.
      await account.updateLink(link, changes);
      onSaved?.();
      onDone();
    } catch (error) {
      const { message, advice } = describeApiError(error, ACCOUNTS_SECTION);
      const field = isApiError(error) ? error.field : undefined;
      if (end.refused(field, message)) return;
      setServerProblem({
        field:
          field === 'destination_url' ? 'destinationUrl' : field === 'title' ? 'title' : undefined,
        message:
          advice && advice !== message
            ? t('linksNotSavedAdvice', message, advice)
            : t('linksNotSaved', message),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate>
      <FormField
        id={`${idPrefix}-destination-url`}
        label={t('shortenDestinationUrl')}
        error={problemFor('destinationUrl', destination)}
      >
        {(inputProps) => (
          <input
            {...inputProps}
            type="url"
            dir="ltr"
            spellCheck={false}
            value={form.destinationUrl}
            onChange={(event) => setForm({ ...form, destinationUrl: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-title`}
        label={t('shortenTitle')}
        error={problemFor('title', title)}
      >
        {(inputProps) => (
          <input
            {...inputProps}
            type="text"
            dir="auto"
            value={form.title}
            onChange={(event) => setForm({ ...form, title: event.target.value })}
          />
        )}
      </FormField>
      {end.fields}
      <div role="alert">
        {serverProblem && !serverProblem.field && (
          <p className="notice error">{serverProblem.message}</p>
        )}
      </div>
      <div className="row actions">
        <button type="submit" className="primary" aria-disabled={busy}>
          {busy ? t('linksSaving') : t('save')}
        </button>
        <button type="button" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
