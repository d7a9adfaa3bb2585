// tidy-url ships its list of rules as plain CommonJS data without types; only the fields read in
// tracking-parameters.ts are declared.
declare module 'tidy-url/data/rules.js' {
  const rules: {
    name: string;
    /** Tested against the host, or against the whole address when `match_href` is true. */
    match: RegExp;
    match_href?: boolean;
    /** Parameter names removed on matching sites. */
    rules?: string[];
    /** Addresses the rule leaves alone. */
    exclude?: RegExp[];
  }[];
  export default rules;
}
