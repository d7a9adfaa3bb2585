// The edit form's part for a link's end (EditLinkForm.tsx, in the Edit dialog and the details pane):
// the popup's fields (components/shorten/LinkEndFields.tsx) filled from the link, "Remove password"
// where the link has one, and what a Save sends of them (link-end-edit.ts).
import { useState } from 'react';
import { LinkEndFields } from '../../../../components/shorten/LinkEndFields.tsx';
import {
  type LinkOptionErrors,
  type LinkOptionValues,
  OPTION_FIELDS,
  WIRE_TO_OPTION,
} from '../../../../components/shorten/link-end-values.ts';
import type { Account } from '../../../../lib/account/account.ts';
import { isProtected } from '../../../../lib/api/link-password.ts';
import type { Link } from '../../../../lib/api/schemas.ts';
import { t } from '../../../../lib/i18n/t.ts';
import { checkEndEdit, endValuesOf } from './link-end-edit.ts';

export function useLinkEndEdit(link: Link, account: Account, idPrefix: string) {
  const offers = (field: string) => account.offersLinkField(field);
  const [values, setValues] = useState(() => endValuesOf(link));
  const [errors, setErrors] = useState<LinkOptionErrors>({});
  const [removePassword, setRemovePassword] = useState(false);
  const offered = (Object.keys(OPTION_FIELDS) as (keyof LinkOptionValues)[]).filter((option) =>
    offers(OPTION_FIELDS[option]),
  );
  const hasPassword = isProtected(link, account.getSnapshot().offer.value);

  const change = (option: keyof LinkOptionValues, value: string) => {
    setValues((current) => ({ ...current, [option]: value }));
    setErrors((current) => ({ ...current, [option]: undefined }));
  };

  const fields =
    offered.length === 0 ? null : (
      <>
        <LinkEndFields
          idPrefix={idPrefix}
          offered={removePassword ? offered.filter((option) => option !== 'password') : offered}
          values={values}
          errors={errors}
          onChange={change}
          passwordHint={hasPassword ? t('linkPasswordKeepHint') : undefined}
        />
        {hasPassword && offered.includes('password') && (
          <div className="field checkbox-field">
            <input
              type="checkbox"
              id={`${idPrefix}-remove-password`}
              checked={removePassword}
              onChange={(event) => {
                setRemovePassword(event.target.checked);
                setErrors((current) => ({ ...current, password: undefined }));
              }}
            />
            <label htmlFor={`${idPrefix}-remove-password`}>{t('linkPasswordRemove')}</label>
          </div>
        )}
      </>
    );

  return {
    fields,
    /** What a Save sends of the link's end; undefined (and the errors shown) when a value is bad. */
    changes() {
      const checked = checkEndEdit(link, values, { offers, removePassword });
      setErrors('errors' in checked ? checked.errors : {});
      return 'changes' in checked ? checked.changes : undefined;
    },
    /** Puts the service's refusal on the field it names, when it is one of these. */
    refused(wireField: string | undefined, message: string): boolean {
      const option = wireField === undefined ? undefined : WIRE_TO_OPTION[wireField];
      if (option === undefined) return false;
      setErrors((current) => ({ ...current, [option]: message }));
      return true;
    },
  };
}
