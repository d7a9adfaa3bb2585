import type { MessageKey, PluralKey } from './t.ts';

/**
 * The placeholders (`$1` is 1) that hold an address, a host, a short link, a back-half or a key of
 * the service's JSON: `t` puts each in a left-to-right isolate, in every language, so that
 * `https://a.example/x` inside Arabic does not read `x/a.example//:https`. A plural is listed by
 * its base name. `locales.test.ts` checks this list against what the English descriptions say.
 */
export const ADDRESS_SLOTS: Partial<Record<MessageKey | PluralKey, readonly number[]>> = {
  apiBaseUrlPermissionHint: [1],
  browserPagesCannotBeShortened: [1],
  defaultShortDomainNamed: [1],
  qrImageLabel: [1],
  testUnreachable: [1],
  testSlow: [1],
  ownPermissionMissing: [1],
  noticeNotCopied: [1],
  noticeReused: [1],
  noticeCopied: [1],
  noticeCopiedRemoved: [2],
  accountAsking: [1],
  accountChecking: [1],
  accountRefusedKept: [1],
  accountRefusedNotAdded: [1],
  accountTesting: [1],
  accountTestRefused: [1],
  linksNotDeletedOne: [1],
  linksFailedLine: [1],
  linksBackgroundSilentOne: [1],
  linksSelectLink: [1],
  linksDeleteOneBody: [1],
  linksDeletedOne: [1],
  linksUndoneOne: [1],
  linksTooLateOne: [1],
  linksEditTitle: [1],
  linksQrTitle: [1],
  apiErrorNotAShortLink: [1],
  apiErrorRedirect: [1],
  apiErrorTimeout: [1],
  apiErrorUnreachable: [1],
  apiErrorNextPageElsewhere: [1, 2],
  apiErrorBaseUrlNotAddress: [1],
  apiErrorBaseUrlScheme: [1],
  apiErrorBaseUrlNotHttps: [1],
  apiErrorAnswerLacksField: [1],
  apiErrorFieldRefused: [1],
  importRowShortUrlNotAddress: [1],
  importRowDomainNotAdded: [1],
  importCollisionReason: [1, 2],
  linksBulkNotFound: [1],
  linksBulkInvalid: [1],
};
