import { type FormEvent, useState } from 'react';
import { FormField } from '../../../components/FormField.tsx';
import type { Connection } from '../../../lib/account/connection.ts';
import { createApiClient } from '../../../lib/api/client.ts';
import { describeApiError, isApiError } from '../../../lib/api/errors.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import { DestinationUrl, Title } from '../../../lib/contract.ts';
import { CONNECTION_SECTION } from '../connection/ConnectionSection.tsx';
import { useModalDialog } from '../use-modal-dialog.ts';
import { changedFields, replaceLink } from './links-view.ts';

type Field = 'destinationUrl' | 'title';

function problemOf(schema: typeof DestinationUrl | typeof Title, value: string) {
  const result = schema.safeParse(value);
  return result.success
    ? { value: result.data as string }
    : { problem: result.error.issues[0]?.message ?? 'Check this value.' };
}

/** Edits a link's destination and title in a modal; the list shows the change while it is sent. */
export function EditLinkDialog({
  link,
  connection,
  change,
  onClose,
}: {
  link: Link;
  connection: Connection;
  change: (update: (links: Link[]) => Link[]) => Promise<void>;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  const [form, setForm] = useState({ destinationUrl: link.destinationUrl, title: link.title });
  const [serverProblem, setServerProblem] = useState<{ field?: Field; message: string }>();
  const [busy, setBusy] = useState(false);

  const destination = problemOf(DestinationUrl, form.destinationUrl);
  const title = problemOf(Title, form.title);
  const problemFor = (field: Field, checked: { problem?: string }) =>
    checked.problem ?? (serverProblem?.field === field ? serverProblem.message : undefined);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || destination.problem !== undefined || title.problem !== undefined) return;
    const changes = changedFields(link, {
      destinationUrl: destination.value ?? '',
      title: title.value ?? '',
    });
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setServerProblem(undefined);
    change((links) => replaceLink(links, link.shortUrl, { ...link, ...changes }));
    try {
      const saved = await createApiClient({
        baseUrl: connection.apiBaseUrl,
        apiKey: connection.apiKey,
      }).updateLink(link.shortUrl, changes);
      // Clicks and the creation date are not the edit's business: keep the list's own.
      change((links) =>
        replaceLink(links, link.shortUrl, {
          ...link,
          destinationUrl: saved.destinationUrl,
          title: saved.title,
        }),
      );
      onClose();
    } catch (error) {
      change((links) => replaceLink(links, link.shortUrl, link));
      const { message, advice } = describeApiError(error, { settingsPlace: CONNECTION_SECTION });
      const field = isApiError(error) ? error.field : undefined;
      setServerProblem({
        field:
          field === 'destination_url' ? 'destinationUrl' : field === 'title' ? 'title' : undefined,
        message: `Not saved: ${message}${advice && advice !== message ? ` ${advice}` : ''}`,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog edit-dialog"
      aria-labelledby="edit-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h3 id="edit-dialog-title">Edit {link.shortUrl}</h3>
      <form onSubmit={save} noValidate>
        <FormField
          id="edit-destination-url"
          label="Destination URL"
          error={problemFor('destinationUrl', destination)}
        >
          {(inputProps) => (
            <input
              {...inputProps}
              type="url"
              spellCheck={false}
              value={form.destinationUrl}
              onChange={(event) => setForm({ ...form, destinationUrl: event.target.value })}
            />
          )}
        </FormField>
        <FormField id="edit-title" label="Title" error={problemFor('title', title)}>
          {(inputProps) => (
            <input
              {...inputProps}
              type="text"
              value={form.title}
              onChange={(event) => setForm({ ...form, title: event.target.value })}
            />
          )}
        </FormField>
        <div role="alert">
          {serverProblem && !serverProblem.field && (
            <p className="notice error">{serverProblem.message}</p>
          )}
        </div>
        <div className="row actions">
          <button type="submit" className="primary" aria-disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
