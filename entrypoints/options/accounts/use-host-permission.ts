import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { hasHostPermission } from '../../../lib/browser/host-permission.ts';

/**
 * Whether the extension may reach an origin, known ahead of the click on "Save": the click can
 * then ask for a missing permission before any other await, while the browser still counts it as
 * the person's gesture. Undefined while unknown or when there is no valid origin.
 */
export function useHostPermission(origin: string | undefined): boolean | undefined {
  const [known, setKnown] = useState<{ origin: string; granted: boolean }>();
  useEffect(() => {
    if (!origin) return;
    let current = true;
    const check = () =>
      hasHostPermission(origin).then(
        (granted) => current && setKnown({ origin, granted }),
        () => current && setKnown(undefined),
      );
    check();
    // The person can grant or withdraw it elsewhere (Firefox's add-on manager, another tab).
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      current = false;
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, [origin]);
  return known && known.origin === origin ? known.granted : undefined;
}
