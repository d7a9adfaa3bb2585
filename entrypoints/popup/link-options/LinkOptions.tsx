// "Link options": a disclosure under the form with when the new link ends and its password, each
// field shown only where the account's service offers it (its published contract names it). Whether
// it is open is remembered (lib/settings/link-options-open.ts). Its own chunk.
import { useEffect, useState } from 'react';
import { LinkEndFields } from '../../../components/shorten/LinkEndFields.tsx';
import {
  type LinkOptionErrors,
  type LinkOptionValues,
  OPTION_FIELDS,
} from '../../../components/shorten/link-end-values.ts';
import { Disclosure } from '../../../components/ui/Disclosure.tsx';
import { t } from '../../../lib/i18n/t.ts';
import {
  readLinkOptionsOpen,
  saveLinkOptionsOpen,
} from '../../../lib/settings/link-options-open.ts';

export function LinkOptions({
  offers,
  values,
  errors,
  onChange,
  onSubmit,
  startOpen = false,
}: {
  /** Whether the account's service offers the wire field. */
  offers: (field: string) => boolean;
  values: LinkOptionValues;
  errors: LinkOptionErrors;
  onChange: (values: LinkOptionValues) => void;
  /** Enter in a field shortens, as in the form above. */
  onSubmit: () => void;
  /** Open before the stored preference is read (the tests' static drawing). */
  startOpen?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  useEffect(() => {
    let current = true;
    void readLinkOptionsOpen()
      .then((stored) => {
        if (current && stored) setOpen(true);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  const offered = (Object.keys(OPTION_FIELDS) as (keyof LinkOptionValues)[]).filter((option) =>
    offers(OPTION_FIELDS[option]),
  );
  if (offered.length === 0) return null;
  // A value that cannot be sent keeps its field in view.
  const shown = open || offered.some((option) => errors[option] !== undefined);
  const toggle = () => {
    setOpen(!shown);
    void saveLinkOptionsOpen(!shown).catch(() => {});
  };
  return (
    <Disclosure id="link-options" label={t('linkOptions')} open={shown} onToggle={toggle}>
      <LinkEndFields
        idPrefix="link"
        offered={offered}
        values={values}
        errors={errors}
        onChange={(option, value) => onChange({ ...values, [option]: value })}
        onEnter={onSubmit}
      />
    </Disclosure>
  );
}
