// A link whose details another section asked Links to open (the Statistics section's rows): kept
// in the page until Links takes it, once, as it starts.

type DetailsRequest = { accountId: string; shortUrl: string };

let requested: DetailsRequest | undefined;

/** Opens the Links section on the account with this link's details open. */
export function openLinkDetails(accountId: string, shortUrl: string): void {
  requested = { accountId, shortUrl };
  location.hash = '#links';
}

/** The request, if any: taken once, so that a later visit to Links opens nothing by itself. */
export function takeDetailsRequest(): DetailsRequest | undefined {
  const taken = requested;
  requested = undefined;
  return taken;
}
