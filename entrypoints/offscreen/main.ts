// Chrome only: the page the service worker opens offscreen to write the clipboard.
import { listenForCopyRequests } from '../../lib/browser/clipboard.ts';
import { applyDocumentLanguage } from '../../lib/i18n/document-language.ts';

applyDocumentLanguage();
listenForCopyRequests();
