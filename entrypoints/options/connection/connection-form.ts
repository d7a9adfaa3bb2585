// The Connection form as typed, checked before it is saved or tested: what to store, or what to
// say on each field that is wrong.
import type { Connection } from '../../../lib/account/connection.ts';
import { checkApiBaseUrl, cleanApiKey } from '../../../lib/account/settings.ts';

export type ConnectionProblems = Partial<Record<keyof Connection, string>>;

export function checkApiBaseUrlField(raw: string): { url: string } | { problem: string } {
  if (!raw.trim())
    return { problem: 'Enter the API base URL, for example https://api.example.com.' };
  return checkApiBaseUrl(raw);
}

export function checkApiKeyField(raw: string): { key: string } | { problem: string } {
  const key = cleanApiKey(raw);
  if (!key) return { problem: 'Enter your API key.' };
  // The client refuses to send such a key; saying so here names the field at fault.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return {
      problem: 'An API key has only letters, digits and punctuation. Copy it again and paste it.',
    };
  }
  return { key };
}

export function checkConnectionForm(
  form: Connection,
): { values: Connection } | { problems: ConnectionProblems } {
  const baseUrl = checkApiBaseUrlField(form.apiBaseUrl);
  const key = checkApiKeyField(form.apiKey);
  if ('url' in baseUrl && 'key' in key) {
    return { values: { apiBaseUrl: baseUrl.url, apiKey: key.key } };
  }
  return {
    problems: {
      ...('problem' in baseUrl && { apiBaseUrl: baseUrl.problem }),
      ...('problem' in key && { apiKey: key.problem }),
    },
  };
}
