// What the person is told about a failure, and what the UI offers for it: one row per error kind.
// Behaviour reads the row (`fixedIn`, `retry`), never the words; the place a page sends the person
// to (the settings, the Accounts section, or nowhere on the settings page itself) chooses one of
// three whole sentences, never a piece joined into one.
import {
  type ApiError,
  ApiErrorKind,
  type ApiErrorReason,
  isApiError,
  ownSentenceOf,
} from '../api/errors.ts';
import { formatNumber } from '../i18n/format.ts';
import { messagesLanguage, plural, t } from '../i18n/t.ts';

/**
 * Where the settings are, as the advice names them: `settings` (the popup, notifications),
 * `accounts` (another section of the options page), or `here` when the person is there already.
 */
export type SettingsPlace = 'settings' | 'accounts' | 'here';

export type ErrorPlaces = { settings: SettingsPlace };

export type ErrorTextRow = {
  advice: (place: SettingsPlace) => string;
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
    advice: () => t('adviceInvalidInput'),
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  back_half_taken: {
    advice: () => t('adviceBackHalfTaken'),
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  unauthorized: {
    advice: (place) => t(`adviceUnauthorized_${place}`),
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  paid_plan_required: {
    advice: (place) => t(`advicePaidPlan_${place}`),
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  not_found: {
    advice: () => t('adviceNotFound'),
    fixedIn: null,
    retry: false,
    mayHaveActed: false,
  },
  rate_limited: {
    advice: () => t('adviceRateLimited'),
    fixedIn: 'service',
    retry: true,
    mayHaveActed: false,
  },
  server_error: {
    advice: () => t('adviceServerError'),
    fixedIn: 'service',
    retry: true,
    mayHaveActed: true,
  },
  network: {
    advice: (place) => t(`adviceNetwork_${place}`),
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  timeout: {
    advice: (place) => t(`adviceTimeout_${place}`),
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  unexpected_response: {
    advice: (place) => t(`adviceUnexpected_${place}`),
    fixedIn: 'settings',
    retry: true,
    mayHaveActed: true,
  },
  invalid_base_url: {
    advice: (place) => t(`adviceBaseUrl_${place}`),
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
  permission_missing: {
    advice: (place) => t(`advicePermission_${place}`),
    fixedIn: 'settings',
    retry: false,
    mayHaveActed: false,
  },
};

/** The popup and the notifications send the person to "the settings". */
export const SETTINGS_ELSEWHERE: ErrorPlaces = { settings: 'settings' };

/** The advice for a kind, naming the settings as the page does. */
export function adviceFor(kind: ApiErrorKind, places: ErrorPlaces = SETTINGS_ELSEWHERE): string {
  return ERROR_TEXT[kind].advice(places.settings);
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

/** The message of one of the client's own sentences: `unreachable` is `apiErrorUnreachable`. */
const reasonKey = (reason: ApiErrorReason) =>
  `apiError${reason.charAt(0).toUpperCase()}${reason.slice(1)}` as `apiError${Capitalize<ApiErrorReason>}`;

/** A number among a reason's values is seconds: one decimal below ten, as the English says it. */
const secondsInWords = (seconds: number) => {
  const digits = seconds < 10 ? 1 : 0;
  return formatNumber(seconds, { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/**
 * What happened, in the person's language: the client's own sentences come from the messages; a
 * service's own sentence is shown as the service wrote it (its language, not ours), except for a
 * code of the contract whose meaning a message says whole: its sentence (English in the reference
 * service, and naming more: the back-half, the wait) is kept for a person who reads English, and
 * said by the message in any other language.
 */
export function apiErrorMessage(error: ApiError): string {
  if (!error.reason) return error.message;
  const fromService = error.message !== ownSentenceOf(error);
  if (fromService && messagesLanguage() === 'en') return error.message;
  const values = (error.reasonValues ?? []).map((value) =>
    typeof value === 'number' ? secondsInWords(value) : value,
  );
  return t(reasonKey(error.reason), ...values) || error.message;
}

/** Message and advice for any error a call can throw; aborts and bugs included. */
export function describeApiError(
  error: unknown,
  places: ErrorPlaces = SETTINGS_ELSEWHERE,
): { message: string; advice: string } {
  if (!isApiError(error)) {
    if (error instanceof Error && error.name === 'AbortError') {
      return { message: t('errorCancelled'), advice: t('errorTryWhenReady') };
    }
    const message =
      error instanceof Error && error.message
        ? t('errorSomethingWrongDetail', error.message)
        : t('errorSomethingWrong');
    return { message, advice: t('errorTryAgain') };
  }
  if (error.kind === 'rate_limited' && error.retryAfterSeconds !== undefined) {
    const seconds = Math.max(1, error.retryAfterSeconds);
    return {
      message: apiErrorMessage(error),
      advice: plural('waitSeconds', seconds),
    };
  }
  return { message: apiErrorMessage(error), advice: errorTextOf(error).advice(places.settings) };
}

/**
 * What "Test connection" says for the failures a first connection most often meets, naming the
 * service's origin; any other failure reads as ERROR_TEXT says.
 */
export type ConnectionTestText = { message: (origin: string) => string; advice: () => string };

export const CONNECTION_TEST_TEXT: Partial<Record<ApiErrorKind, ConnectionTestText>> = {
  unauthorized: {
    message: () => t('testKeyWrong'),
    advice: () => t('testKeyWrongAdvice'),
  },
  paid_plan_required: {
    message: () => t('testNotPaid'),
    advice: () => t('testNotPaidAdvice'),
  },
  network: {
    message: (origin) => t('testUnreachable', origin),
    advice: () => t('testUnreachableAdvice'),
  },
  timeout: {
    message: (origin) => t('testSlow', origin),
    advice: () => t('testSlowAdvice'),
  },
};

/** The sentences of failures the extension finds itself, before it asks the service. */
export const OWN_FAILURE_TEXT = {
  noApiKey: () => t('ownNoApiKey'),
  permissionMissing: (origin: string) => t('ownPermissionMissing', origin),
};

/** What a notification speaks of: the page, or a link the person right-clicked. */
export type NoticeSource = 'link' | 'page';

/** The notifications of the menu, the shortcut and one click when a page or link is not shortened, or not copied. */
export const SHORTEN_NOTICE_TEXT = {
  cannotShorten: (source: NoticeSource) => t(`noticeCannotShorten_${source}`),
  noAddress: () => t('noticeNoAddress'),
  typeAnother: () => t('noticeTypeAnother'),
  notConfigured: () => ({
    title: t('noticeNotConfiguredTitle'),
    message: t('noticeNotConfigured'),
  }),
  couldNotShorten: (source: NoticeSource) => t(`noticeCouldNotShorten_${source}`),
  /** The account's default domain was refused: the person picks another in the options. */
  domainGone: () => t('noticeDomainGone'),
  notCopied: {
    title: () => t('noticeNotCopiedTitle'),
    message: (shortUrl: string, detail: string) => t('noticeNotCopied', shortUrl, detail),
  },
};
