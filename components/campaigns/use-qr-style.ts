import { useEffect, useState } from 'react';
import {
  loadCampaignSettings,
  qrStyleOf,
  saveQrStyle,
} from '../../lib/campaigns/campaign-settings.ts';
import { DEFAULT_QR_STYLE, type QrStyle } from '../../lib/campaigns/qr-style.ts';

/** The QR style remembered for the account, and a way to change it; the default without an account. */
export function useQrStyle(accountId: string | undefined): [QrStyle, (style: QrStyle) => void] {
  const [style, setStyle] = useState<QrStyle>(DEFAULT_QR_STYLE);
  useEffect(() => {
    if (accountId === undefined) return;
    let live = true;
    void loadCampaignSettings().then(
      (settings) => live && setStyle(qrStyleOf(settings, accountId)),
    );
    return () => {
      live = false;
    };
  }, [accountId]);
  const change = (next: QrStyle) => {
    setStyle(next);
    if (accountId !== undefined) void saveQrStyle(accountId, next);
  };
  return [style, change];
}
