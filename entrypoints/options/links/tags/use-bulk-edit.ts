import { useState } from 'react';
import { tagKey } from '../../../../contract/tag-fields.ts';
import type { Account } from '../../../../lib/account/account.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import {
  offersLinkField,
  offersOperation,
  type ServiceOffer,
} from '../../../../lib/api/service-offer.ts';
import { plural, t } from '../../../../lib/i18n/t.ts';
import { type BulkChanges, BulkEditRefused, editLinks } from '../../../../lib/tags/bulk-edit.ts';
import { keyOf, offersTags } from '../../../../lib/tags/link-tags.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';

export type BulkKind = 'add-tag' | 'remove-tag' | 'expiry';

/** What the last bulk edit left to say, with its Undo where it has one. */
export type BulkStatus = { text: string; failed: boolean; undo?: () => void };

/** The sentence for what stopped an edit: the link at fault, or the service's failure. */
function failureText(error: unknown): string {
  if (error instanceof BulkEditRefused) {
    const [first] = error.problems;
    if (first?.status === 'not_found') return t('linksBulkNotFound', first.shortUrl);
    return t('linksBulkInvalid', first?.shortUrl ?? '', first?.problem ?? '');
  }
  const { message, advice } = describeApiError(error);
  return t('linksBulkFailed', `${message} ${advice}`.trim());
}

/**
 * The Links section's bulk edits of the selection through `PATCH /v1/links` (lib/tags/bulk-edit.ts),
 * where the service offers it: "Add tag…" and "Remove tag…" (with Undo: the tag taken off the
 * links that lacked it, or put back on those that had it) and "Set expiry…". The list is then
 * read afresh, the service's answer to the edit holding no link.
 */
export function useBulkEdit(
  account: Account,
  offer: ServiceOffer | undefined,
  all: readonly Link[],
  selected: ReadonlySet<string>,
) {
  const [dialog, setDialog] = useState<BulkKind>();
  const [working, setWorking] = useState(false);
  const [status, setStatus] = useState<BulkStatus>();
  const edits = offersOperation(offer, 'editLinks');
  const offered: Record<BulkKind, boolean> = {
    'add-tag': edits && offersTags(offer),
    'remove-tag': edits && offersTags(offer),
    expiry: edits && offersLinkField(offer, 'expires_at'),
  };

  async function run(shortUrls: readonly string[], changes: BulkChanges) {
    setWorking(true);
    try {
      const outcome = await editLinks(await account.client(), shortUrls, changes);
      if (outcome.changed.length > 0) await account.refreshLinks({ fresh: true }).catch(() => {});
      return outcome;
    } finally {
      setWorking(false);
    }
  }

  /** Links of the selection that carry the tag (`carrying`) or lack it, as the list has them. */
  function withTag(shortUrls: readonly string[], name: string, carrying: boolean) {
    const key = tagKey(name);
    const chosen = new Set(shortUrls);
    return all
      .filter((link) => chosen.has(link.shortUrl))
      .filter((link) => (link.tags ?? []).some((tag) => keyOf(tag) === key) === carrying)
      .map((link) => link.shortUrl);
  }

  async function applyTag(kind: 'add-tag' | 'remove-tag', name: string) {
    const shortUrls = [...selected];
    const adding = kind === 'add-tag';
    // What Undo gives back: only what this edit changed.
    const touched = withTag(shortUrls, name, !adding);
    setDialog(undefined);
    const outcome = await run(shortUrls, adding ? { addTags: [name] } : { removeTags: [name] });
    if (outcome.failure) return reportFailure(outcome.changed.length, outcome.failure.error);
    const undone = new Set(outcome.changed);
    const undoTargets = touched.filter((shortUrl) => undone.has(shortUrl));
    setStatus({
      text: plural(
        adding ? 'linksBulkTagAdded' : 'linksBulkTagRemoved',
        outcome.changed.length,
        name,
      ),
      failed: false,
      undo:
        undoTargets.length === 0
          ? undefined
          : () => {
              setStatus(undefined);
              void run(undoTargets, adding ? { removeTags: [name] } : { addTags: [name] }).then(
                (back) =>
                  back.failure
                    ? reportFailure(back.changed.length, back.failure.error)
                    : setStatus({ text: t('linksBulkUndone'), failed: false }),
              );
            },
    });
  }

  async function applyExpiry(expiresAt: string | null) {
    const shortUrls = [...selected];
    setDialog(undefined);
    const outcome = await run(shortUrls, { expiresAt });
    if (outcome.failure) return reportFailure(outcome.changed.length, outcome.failure.error);
    const count = outcome.changed.length;
    setStatus({
      text: plural(expiresAt === null ? 'linksBulkExpiryCleared' : 'linksBulkExpirySet', count),
      failed: false,
    });
  }

  function reportFailure(changedBefore: number, error: unknown) {
    const partly = changedBefore > 0 ? ` ${plural('linksBulkPartly', changedBefore)}` : '';
    setStatus({ text: `${failureText(error)}${partly}`, failed: true });
  }

  return {
    /** What the account's service offers (the export's columns read it too). */
    offer,
    offered,
    dialog,
    working,
    status,
    /** Opens a dialog for the selection (none when nothing is selected or it is not offered). */
    open: (kind: BulkKind) => {
      if (selected.size > 0 && offered[kind] && !working) setDialog(kind);
    },
    close: () => setDialog(undefined),
    applyTag,
    applyExpiry,
    dismiss: () => setStatus(undefined),
  };
}

export type BulkEdit = ReturnType<typeof useBulkEdit>;
