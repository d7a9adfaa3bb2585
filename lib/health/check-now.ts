// "Check now": the account's service checks one link's destination at once (POST
// /v1/links/{host}/{back_half}/check, offered where its contract names `checkLink`), and the
// answer is kept in the account's list and cache, so every page shows the new state.
import * as z from 'zod/mini';
import type { Account } from '../account/account.ts';
import type { CallOptions } from '../api/client.ts';
import { type DestinationHealth, readHealth } from '../api/link-health.ts';
import { linkPath } from '../api/link-path.ts';
import { offersOperation } from '../api/service-offer.ts';

// Read leniently, as every link answer is: a field it cannot read is left out.
const CheckAnswer = z.record(z.string(), z.unknown());

/** Whether the account's service checks a link when asked (its contract names the operation). */
export async function offersCheckNow(account: Account): Promise<boolean> {
  return offersOperation(await account.serviceOffer(), 'checkLink');
}

/**
 * Asks the service to check the link's destination now and keeps what it found. A check asked for
 * within a minute of the last one is refused with a 429 ApiError whose `retryAfterSeconds` says
 * when to ask again.
 */
export async function checkLinkNow(
  account: Account,
  shortUrl: string,
  { signal }: CallOptions = {},
): Promise<DestinationHealth> {
  const path = `v1/links/${linkPath(shortUrl)}/check`;
  const answer = await (await account.client()).call('post', path, CheckAnswer, { signal });
  const health = readHealth(answer);
  await account.mergeIntoLink(shortUrl, health);
  return health;
}
