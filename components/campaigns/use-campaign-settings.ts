import { useEffect, useState } from 'react';
import {
  type CampaignSettings,
  loadCampaignSettings,
  watchCampaignSettings,
} from '../../lib/campaigns/campaign-settings.ts';

/** The stored campaign settings, kept current; undefined until read. */
export function useCampaignSettings(): CampaignSettings | undefined {
  const [settings, setSettings] = useState<CampaignSettings>();
  useEffect(() => {
    let live = true;
    void loadCampaignSettings().then((loaded) => live && setSettings(loaded));
    const stop = watchCampaignSettings(setSettings);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return settings;
}
