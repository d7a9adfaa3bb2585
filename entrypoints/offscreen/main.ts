// Chrome only: the page the service worker opens offscreen to write the clipboard.
import { listenForCopyRequests } from '../../lib/browser/clipboard.ts';

listenForCopyRequests();
