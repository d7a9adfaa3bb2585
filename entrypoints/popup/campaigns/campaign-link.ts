// The popup's link with the person's UTM values ("UTM parameters"), in the chunk loaded once the
// form is drawn.
import type { FieldErrors } from '../../../components/shorten/ShortenForm.tsx';
import { requestLinksForPage } from '../../../lib/account/links-upkeep.ts';
import type { CreateLinkInput, Link } from '../../../lib/api/schemas.ts';
import { shortenForCampaign } from '../../../lib/campaigns/campaign-links.ts';
import { hasUtm, type UtmValues, utmProblemCodes, withUtm } from '../../../lib/campaigns/utm.ts';
import type { AccountSettings, Settings } from '../../../lib/settings/settings.ts';
import { checkFields } from '../check-fields.ts';

export const isTagged = (utm: UtmValues | undefined): utm is UtmValues =>
  utm !== undefined && hasUtm(utm);

/**
 * Why the tagged link cannot be made, or undefined: an empty answer when a UTM value is at fault
 * (its field says so), the destination's problem when the tags make it too long.
 */
export function taggedProblems(
  input: CreateLinkInput,
  utm: UtmValues | undefined,
): FieldErrors | undefined {
  if (!isTagged(utm)) return undefined;
  if (Object.keys(utmProblemCodes(utm)).length > 0) return {};
  const tagged = checkFields({
    destinationUrl: withUtm(input.destinationUrl, utm),
    title: input.title ?? '',
    backHalf: input.backHalf ?? '',
    domain: input.domain ?? '',
  });
  return 'errors' in tagged ? tagged.errors : undefined;
}

export async function campaignLink(
  input: CreateLinkInput,
  utm: UtmValues,
  account: AccountSettings,
  settings: Pick<Settings, 'reuseExisting'>,
): Promise<Link> {
  const { link } = await shortenForCampaign(input, utm, {
    account,
    reuseExisting: settings.reuseExisting,
    linksTo: (addresses) => requestLinksForPage(addresses, account.id),
    rememberDomain: true,
  });
  return link;
}
