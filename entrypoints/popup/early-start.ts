// Imported first by main.tsx, so the settings and the tab are asked for while the rest of the
// popup's code is still being evaluated and React mounts: the popup shows its filled form sooner.

import { loadSettings } from '../../lib/account/settings.ts';
import { pageToShorten } from '../../lib/browser/active-tab.ts';

export const earlyStart = Promise.all([loadSettings(), pageToShorten(location.search)]);
