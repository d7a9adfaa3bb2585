// What the person is told about a failure, and what the UI offers for it: one row per error kind.
// Behaviour reads the row (`fixedIn`, `retry`), never the words; the place a page sends the person
// to ("in the settings", "in the Accounts section", or nowhere on the settings page itself) is a
// parameter of the advice, not an edit of its text.
import { ApiErrorKind, isApiError } from './api/errors.ts';
import { plural } from './i18n/t.ts';

export type ErrorPlaces = {
  /**
   * Where the settings are, as the advice names them: "the settings" (the popup, notifications),
   * "the Accounts section" (another section of the options page), or null when the person is
   * there already.
   */
  settings: string | null;
};

type AdviceWords = {
  /** " in the settings", or "" when the person is there already. */
  inSettings: string;
};

export type ErrorTextRow = {
  advice: (words: AdviceWords) => string;
  /** Where the person fixes it: their settings (key, plan, address, permission), the service, or neither. */
  fixedIn: 'settings' | 'service' | null;
  /** Whether another try of the same request may succeed. */
  retry: boolean;
  /**
   * Whether the request may have done its work though no answer said so (lost on the way back,
   * or the service failed after writing): a create is then looked for before it is made again.
   */
  mayHaveActed: boolean;
};

export const ERROR_TEXT: Record<ApiErrorKind, ErrorTextRow> = {
  invalid_input: {
    advice: () => 'Correct what you entered and try again.',
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  back_half_taken: {
    advice: () => 'Choose another back-half, or leave it empty to get a generated one.',
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  unauthorized: {
    advice: ({ inSettings }) => `Check the API key${inSettings}.`,
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  paid_plan_required: {
    advice: ({ inSettings }) =>
      `The API needs a paid plan: upgrade the account, or use the key of a paid account${inSettings}.`,
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  not_found: {
    advice: () => 'The link no longer exists. Refresh the list.',
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  rate_limited: {
    advice: () => 'Wait a minute before you retry.',
    fixedIn: 'service',
    retry: true,
    mayHaveActed: false,
  },
  server_error: {
    advice: () => 'Try again in a moment.',
    fixedIn: 'service',
    retry: true,
    mayHaveActed: true,
  },
  network: {
    advice: ({ inSettings }) =>
      `Check your connection and the API base URL${inSettings}, then retry.`,
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  timeout: {
    advice: ({ inSettings }) =>
      `Retry; if it keeps happening, check the API base URL${inSettings}.`,
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  unexpected_response: {
    advice: ({ inSettings }) =>
      `Check the API base URL${inSettings}: it may not point to a short-link service.`,
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  invalid_base_url: {
    advice: ({ inSettings }) =>
      `Enter an API base URL starting with https://${inSettings} (http:// only for localhost).`,
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  permission_missing: {
    advice: ({ inSettings }) =>
      `Allow it when the browser asks: press "Allow access" in the popup, or "Save"${inSettings}.`,
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
};

/** The popup and the notifications send the person to "the settings". */
export const SETTINGS_ELSEWHERE: ErrorPlaces = { settings: 'the settings' };

const wordsFor = (places: ErrorPlaces): AdviceWords => ({
  inSettings: places.settings ? ` in ${places.settings}` : '',
});

/** The advice for a kind, naming the settings as the page does. */
export function adviceFor(kind: ApiErrorKind, places: ErrorPlaces = SETTINGS_ELSEWHERE): string {
  return ERROR_TEXT[kind].advice(wordsFor(places));
}

/** The row of an error; anything that is not an ApiError reads as an unexpected answer. */
export function errorTextOf(error: unknown): ErrorTextRow {
  const kind = isApiError(error) ? ApiErrorKind.safeParse(error.kind).data : undefined;
  return ERROR_TEXT[kind ?? 'unexpected_response'];
}

/** Whether the person fixes this failure in the settings (a notice then offers to open them). */
export const isFixedInSettings = (error: unknown): boolean =>
  isApiError(error) && errorTextOf(error).fixedIn === 'settings';

/** Whether another try may cure this failure; errors of our own code get a retry too. */
export const isWorthRetrying = (error: unknown): boolean =>
  !isApiError(error) || errorTextOf(error).retry;

/** Message and advice for any error a call can throw; aborts and bugs included. */
export function describeApiError(
  error: unknown,
  places: ErrorPlaces = SETTINGS_ELSEWHERE,
): { message: string; advice: string } {
  if (!isApiError(error)) {
    if (error instanceof Error && error.name === 'AbortError') {
      return { message: 'The request was cancelled.', advice: 'Try again when you are ready.' };
    }
    const detail = error instanceof Error && error.message ? `: ${error.message}` : '.';
    return { message: `Something went wrong${detail}`, advice: 'Try again.' };
  }
  if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    const seconds = Math.max(1, error.retryAfterSeconds);
    return {
      message: error.message,
      advice: plural('waitSeconds', seconds),
    };
  }
  return { message: error.message, advice: errorTextOf(error).advice(wordsFor(places)) };
}

/**
 * What "Test connection" says for the failures a first connection most often meets, naming the
 * service's origin; any other failure reads as ERROR_TEXT says.
 */
export type ConnectionTestText = { message: (origin: string) => string; advice: string };

export const CONNECTION_TEST_TEXT: Partial<Record<ApiErrorKind, ConnectionTestText>> = {
  unauthorized: {
    message: () => 'The API key is wrong: the service refused it.',
    advice: 'Paste the whole key again, or get a new one from your short-link service account.',
  },
  paid_plan_required: {
    message: () => 'The API key works, but the account is not on a paid plan.',
    advice:
      'The API is available only on paid plans. Upgrade the account, or use the key of a paid account.',
  },
  network: {
    message: (origin) => `The service at ${origin} could not be reached.`,
    advice: 'Check the API base URL, that the service is running, and that you are online.',
  },
  timeout: {
    message: (origin) => `The service at ${origin} did not answer in time.`,
    advice: 'Check the API base URL, or try again later.',
  },
};

/** The sentences of failures the extension finds itself, before it asks the service. */
export const OWN_FAILURE_TEXT = {
  noApiKey: 'No API key is set yet. Add it in the options.',
  permissionMissing: (origin: string) => `The browser does not let Short Link reach ${origin}.`,
};

/**
 * The notifications of the menu, the shortcut and one click when a page or link is not shortened,
 * or not copied. `what` is "This page" or "This link".
 */
export const SHORTEN_NOTICE_TEXT = {
  cannotShorten: (what: string) => `${what} cannot be shortened`,
  noAddress: 'There is no address to shorten.',
  typeAnother: 'Open the Short Link popup to type a web address instead.',
  notConfigured: {
    title: 'Add your API key in the options',
    message:
      'Short Link needs the API key of your account to make short links. Click to open the options.',
  },
  couldNotShorten: (what: string) => `Could not shorten ${what.toLowerCase()}`,
  /** The account's default domain was refused: the person picks another in the options. */
  domainGone: 'Choose another default domain in the options.',
  notCopied: {
    title: 'Short link made, but not copied',
    message: (shortUrl: string, detail: string) =>
      `${shortUrl} could not be copied: ${detail} Copy it from the links in the options.`,
  },
};
