// Build-time variables (Vite inlines WXT_-prefixed environment variables).
interface ImportMetaEnv {
  /** The API base URL a fresh install uses; README "Configuration". */
  readonly WXT_API_BASE_URL?: string;
  /** `npm start` only: the demo account's key, read in development builds and nowhere else. */
  readonly WXT_DEMO_API_KEY?: string;
  readonly DEV: boolean;
  readonly MODE: string;
}
