// "Link options" as they will be sent, or what is wrong with each, by the contract's rules.
import { MAX_CLICKS_LIMIT } from '../../contract/limits.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  Password,
} from '../../contract/link-password.ts';
import { ExpiredUrl, MaxClicks } from '../../contract/wire.ts';
import type { LifecycleChange } from '../../lib/api/link-lifecycle.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/t.ts';
import { type LinkOptionErrors, type LinkOptionValues, OPTION_FIELDS } from './link-end-values.ts';

/**
 * The lifecycle fields to send, only those the account's service offers (`offers`) and the person
 * filled in; or the errors, field by field.
 */
export function checkLinkOptions(
  values: LinkOptionValues,
  offers: (field: string) => boolean,
  now = Date.now(),
): { lifecycle: LifecycleChange } | { errors: LinkOptionErrors } {
  const lifecycle: LifecycleChange = {};
  const errors: LinkOptionErrors = {};
  const given = (option: keyof LinkOptionValues) =>
    offers(OPTION_FIELDS[option]) && values[option].trim() !== '';
  if (given('expires')) {
    // A `datetime-local` value without a zone is read in the person's zone, as they typed it.
    const time = new Date(values.expires.trim()).getTime();
    if (Number.isNaN(time)) errors.expires = t('linkExpiresNotADate');
    else if (time <= now) errors.expires = t('linkExpiresPast');
    else lifecycle.expiresAt = new Date(time).toISOString();
  }
  if (given('maxClicks')) {
    const parsed = MaxClicks.safeParse(Number(values.maxClicks.trim()));
    if (parsed.success && parsed.data !== null) lifecycle.maxClicks = parsed.data;
    else
      errors.maxClicks = t('linkClickLimitRule', formatNumber(1), formatNumber(MAX_CLICKS_LIMIT));
  }
  if (given('expiredUrl')) {
    const parsed = ExpiredUrl.safeParse(values.expiredUrl);
    if (parsed.success && parsed.data !== null) lifecycle.expiredUrl = parsed.data;
    else errors.expiredUrl = t('linkExpiredUrlInvalid');
  }
  // Spaces count: a password is taken as typed.
  if (offers(OPTION_FIELDS.password) && values.password !== '') {
    const parsed = Password.safeParse(values.password);
    if (parsed.success && parsed.data !== null) lifecycle.password = parsed.data;
    else errors.password = passwordRuleText();
  }
  return Object.keys(errors).length > 0 ? { errors } : { lifecycle };
}

/** The password's rule in a sentence, as the service says it. */
export const passwordRuleText = () =>
  t('linkPasswordRule', formatNumber(PASSWORD_MIN_LENGTH), formatNumber(PASSWORD_MAX_LENGTH));
