// Links tagged for a campaign: the form's input with the person's UTM values, one link or one per
// channel (preset), each through the use case "a link for this page" (link-for-page.ts). A
// destination with other UTM values is another destination: only a link that leads to exactly
// this one is reused.

import type { CreateLinkInput, Link } from '../api/schemas.ts';
import { type LinksSource, linkForPage } from '../page-link/link-for-page.ts';
import type { AccountSettings } from '../settings/settings.ts';
import { type UtmValues, withUtm } from './utm.ts';

export type CampaignOptions = {
  account: AccountSettings;
  /** "Reuse existing links": a link already leading to the tagged address is given instead. */
  reuseExisting: boolean;
  /** The account's links to these addresses, as the background's cache knows them. */
  linksTo: LinksSource;
  rememberDomain?: boolean;
  signal?: AbortSignal;
};

export type CampaignLink = { link: Link; reused: boolean };

export async function shortenForCampaign(
  input: CreateLinkInput,
  utm: UtmValues,
  options: CampaignOptions,
): Promise<CampaignLink> {
  const { link, reused } = await linkForPage(
    { url: withUtm(input.destinationUrl, utm), title: input.title },
    {
      account: options.account,
      removeTracking: false,
      exactDestination: true,
      reuse: options.reuseExisting,
      linksTo: options.linksTo,
      domain: input.domain,
      backHalf: input.backHalf,
      lifecycle: {
        expiresAt: input.expiresAt,
        maxClicks: input.maxClicks,
        expiredUrl: input.expiredUrl,
        password: input.password,
      },
      tags: input.tags,
      rememberDomain: options.rememberDomain,
      signal: options.signal,
    },
  );
  return { link, reused };
}

export type ChannelResult =
  | ({ channel: string } & CampaignLink)
  | { channel: string; failure: unknown };

/**
 * One link per channel: the same page and title with each preset's values, one after another (a
 * burst would meet the service's rate limit); a failure is that channel's, the others go on.
 */
export async function shortenForChannels(
  input: CreateLinkInput,
  channels: readonly { name: string; values: UtmValues }[],
  options: CampaignOptions,
): Promise<ChannelResult[]> {
  const results: ChannelResult[] = [];
  for (const channel of channels) {
    try {
      results.push({
        channel: channel.name,
        ...(await shortenForCampaign(input, channel.values, options)),
      });
    } catch (failure) {
      results.push({ channel: channel.name, failure });
    }
  }
  return results;
}
