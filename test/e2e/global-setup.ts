// Builds the production extension the browser tests load. The demo key variable is set on purpose:
// the smoke test then proves a production build never holds a key, whatever the environment says.
import { execFileSync } from 'node:child_process';

export const KEY_CANARY = 'slk_canary_must_never_ship_0123456789';

export default function globalSetup(): void {
  execFileSync('npx', ['wxt', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WXT_DEMO_API_KEY: KEY_CANARY },
  });
}
