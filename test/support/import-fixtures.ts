// The export formats under test/fixtures/import/, each a file `<format>.csv` of three links; the
// Chromium and Firefox "Import links" tests import every one of them.
export const IMPORT_FIXTURE_FORMATS = [
  'ours',
  'bitly',
  'rebrandly',
  'shortio',
  'dub',
  'kutt',
  'shlink',
  'yourls',
] as const;

/** The one domain the fixtures name (rebrandly.csv), which the account must have added. */
export const IMPORT_FIXTURE_DOMAIN = 'links.acme.example';
