// "Remove" in the confirmation of "Remove account": the account leaves the settings (its key with
// it), and its caches go. The other accounts are untouched.
import { dropAccountData } from '../../../lib/account/account.ts';
import { forgetAccount, type Settings } from '../../../lib/settings/settings.ts';

export async function removeAccount(id: string): Promise<Settings> {
  const settings = await forgetAccount(id);
  await dropAccountData(id);
  return settings;
}
