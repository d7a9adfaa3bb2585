// What the popup needs once its form is on screen, but not to draw it: the account (its domains
// and links, through the account layer), "a link for this page" (what the account has for the
// page, and Shorten through it), the result, the checks and errors in words, and zod with them.
// One chunk, asked for as soon as the form is drawn, so that the first script stays small (popup
// ready against React alone) and "Shorten" finds it loaded.

import './later-styles.ts';

export { checkLinkOptions } from '../../components/shorten/check-link-end.ts';
export { ShortenResult } from '../../components/shorten/ShortenResult.tsx';
export { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
export { openAccount } from '../../lib/account/account.ts';
export { requestLinksForPage } from '../../lib/account/links-upkeep.ts';
export { isApiError } from '../../lib/api/errors.ts';
export { readDeclaredShortlink } from '../../lib/browser/declared-shortlink.ts';
export { writeClipboard } from '../../lib/browser/page-clipboard.ts';
export { formatForCopy } from '../../lib/links/copy-formats.ts';
export { findPageLinks, linkForPage } from '../../lib/page-link/link-for-page.ts';
export { saveAccount, saveSettings } from '../../lib/settings/settings.ts';
export { apiErrorMessage } from '../../lib/wording/error-text.ts';
export { campaignLink, isTagged, taggedProblems } from './campaigns/campaign-link.ts';
export { UtmDisclosure } from './campaigns/UtmDisclosure.tsx';
export { backHalfProblem, checkFields, WIRE_TO_FORM } from './check-fields.ts';
export { ExistingLinks } from './ExistingLinks.tsx';
export { LinkOptions } from './link-options/LinkOptions.tsx';
export { DeclaredShortLink, SelfShortLink } from './PageShortLink.tsx';
export { ShortcutsFooter } from './ShortcutsFooter.tsx';
export { TrackingNote } from './TrackingNote.tsx';
export { checkTags } from './tags/check-tags.ts';
export { TagsField } from './tags/TagsField.tsx';
