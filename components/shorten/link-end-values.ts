// "Link options" as typed in the popup: plain text per field, kept as typed whatever its checks say.
// No zod here: the form holds these before the rest of the popup's code has arrived.

export type LinkOptionValues = {
  /** A `datetime-local` value: the person's own zone. */
  expires: string;
  maxClicks: string;
  expiredUrl: string;
  /** Never stored: the form forgets it once the link is made. */
  password: string;
};
export type LinkOptionErrors = Partial<Record<keyof LinkOptionValues, string>>;

export const NO_LINK_OPTIONS: LinkOptionValues = {
  expires: '',
  maxClicks: '',
  expiredUrl: '',
  password: '',
};

/** The service's field names, as its errors name them, to the options'. */
export const WIRE_TO_OPTION: Record<string, keyof LinkOptionValues> = {
  expires_at: 'expires',
  max_clicks: 'maxClicks',
  expired_url: 'expiredUrl',
  password: 'password',
};

/** The wire field each option sets. */
export const OPTION_FIELDS: Record<keyof LinkOptionValues, string> = {
  expires: 'expires_at',
  maxClicks: 'max_clicks',
  expiredUrl: 'expired_url',
  password: 'password',
};

/** A moment as a `datetime-local` input shows it: in the person's zone, to the minute. */
export function localDateTime(time: number): string {
  const offsetMs = new Date(time).getTimezoneOffset() * 60_000;
  return new Date(time - offsetMs).toISOString().slice(0, 16);
}
