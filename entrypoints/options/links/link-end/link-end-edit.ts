// A link's end as the Links edit form changes it: the fields filled from the link, and what a Save
// sends of them: only what was changed, a field emptied clears it (null), "Remove password" sends
// `password: null` (the contract's way to remove it), a password typed sets or changes it.
import { checkLinkOptions } from '../../../../components/shorten/check-link-end.ts';
import {
  type LinkOptionErrors,
  type LinkOptionValues,
  localDateTime,
  NO_LINK_OPTIONS,
  OPTION_FIELDS,
} from '../../../../components/shorten/link-end-values.ts';
import type { LifecycleChange, LinkLifecycle } from '../../../../lib/api/link-lifecycle.ts';

type EndOption = Exclude<keyof LinkOptionValues, 'password'>;
const CLEARED: Record<EndOption, keyof LinkLifecycle> = {
  expires: 'expiresAt',
  maxClicks: 'maxClicks',
  expiredUrl: 'expiredUrl',
};

/** The fields as the form first shows them: the link's end, the password always empty. */
export function endValuesOf(link: LinkLifecycle): LinkOptionValues {
  const expiresAt = typeof link.expiresAt === 'string' ? Date.parse(link.expiresAt) : NaN;
  return {
    ...NO_LINK_OPTIONS,
    expires: Number.isNaN(expiresAt) ? '' : localDateTime(expiresAt),
    maxClicks: typeof link.maxClicks === 'number' ? String(link.maxClicks) : '',
    expiredUrl: link.expiredUrl ?? '',
  };
}

/**
 * What a Save sends of the link's end, or the errors field by field. A value left as it was is
 * neither sent nor checked again (an expiry already past stays as it is).
 */
export function checkEndEdit(
  link: LinkLifecycle,
  values: LinkOptionValues,
  {
    offers,
    removePassword,
    now = Date.now(),
  }: {
    offers: (field: string) => boolean;
    removePassword: boolean;
    now?: number;
  },
): { changes: LifecycleChange } | { errors: LinkOptionErrors } {
  const before = endValuesOf(link);
  const typed: LinkOptionValues = { ...NO_LINK_OPTIONS };
  const cleared: LifecycleChange = {};
  for (const option of Object.keys(CLEARED) as EndOption[]) {
    if (!offers(OPTION_FIELDS[option]) || values[option].trim() === before[option]) continue;
    if (values[option].trim() === '') Object.assign(cleared, { [CLEARED[option]]: null });
    else typed[option] = values[option];
  }
  if (!removePassword) typed.password = values.password;
  const checked = checkLinkOptions(typed, offers, now);
  if ('errors' in checked) return checked;
  const changes: LifecycleChange = { ...cleared, ...checked.lifecycle };
  if (removePassword && offers(OPTION_FIELDS.password)) changes.password = null;
  return { changes };
}
