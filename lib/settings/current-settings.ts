// The settings as the extension writes them today, read without zod: the popup's first script
// holds this instead of zod's core, so that its form is drawn sooner (`npm run bench -- --only
// popup`). Anything else (an older shape, a damaged or missing field, an account id to fix) is
// not read here: parseSettings in settings.ts reads it. On everything this reads, the two give
// the same settings (current-settings.test.ts compares them).
import { COPY_FORMATS } from '../links/copy-format-names.ts';
import { DEFAULT_PREFERENCES, THEMES } from './preferences.ts';
import type { AccountSettings, Settings } from './settings.ts';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isOneOf = <T extends string>(options: readonly T[], value: unknown): value is T =>
  options.includes(value as T);

function currentAccount(stored: unknown): AccountSettings | undefined {
  if (!isFields(stored)) return undefined;
  const { id, name, apiBaseUrl, apiKey, defaultDomain, lastDomain, lastTags } = stored;
  if (!isText(id) || id.length < 1 || id.length > 64) return undefined;
  if (!isText(name) || !isText(apiKey) || !isText(defaultDomain)) return undefined;
  if (!isText(apiBaseUrl) || apiBaseUrl === '') return undefined;
  if (lastDomain !== undefined && !isText(lastDomain)) return undefined;
  if (lastTags !== undefined && !(Array.isArray(lastTags) && lastTags.every(isText))) {
    return undefined;
  }
  return {
    id,
    name,
    apiBaseUrl,
    apiKey,
    defaultDomain,
    // As zod gives it: the key kept when stored, even without a value.
    ...('lastDomain' in stored && { lastDomain }),
    ...('lastTags' in stored && { lastTags: lastTags as string[] | undefined }),
  };
}

/** The stored settings when they are in today's shape with nothing to fix, else undefined. */
export function currentSettings(stored: unknown): Settings | undefined {
  if (!isFields(stored) || !Array.isArray(stored.accounts) || stored.accounts.length === 0) {
    return undefined;
  }
  const accounts: AccountSettings[] = [];
  for (const entry of stored.accounts) {
    const account = currentAccount(entry);
    if (!account || accounts.some((known) => known.id === account.id)) return undefined;
    accounts.push(account);
  }
  const known = (id: unknown) => accounts.some((account) => account.id === id);
  const { defaultAccountId, popupAccountId, autoCopy, theme, oneClick } = stored;
  const { removeTracking, reuseExisting, copyAs, keepTags = DEFAULT_PREFERENCES.keepTags } = stored;
  if (!known(defaultAccountId) || (popupAccountId !== undefined && !known(popupAccountId))) {
    return undefined;
  }
  // keepTags came later: settings saved before it lack it, and read as its default.
  const flags = [autoCopy, oneClick, removeTracking, reuseExisting, keepTags];
  if (!flags.every((flag) => typeof flag === 'boolean')) return undefined;
  if (!isOneOf(THEMES, theme) || !isOneOf(COPY_FORMATS, copyAs)) return undefined;
  return {
    accounts,
    defaultAccountId: defaultAccountId as string,
    ...('popupAccountId' in stored && { popupAccountId: popupAccountId as string | undefined }),
    autoCopy: autoCopy as boolean,
    theme,
    oneClick: oneClick as boolean,
    removeTracking: removeTracking as boolean,
    reuseExisting: reuseExisting as boolean,
    copyAs,
    keepTags: keepTags as boolean,
  };
}
