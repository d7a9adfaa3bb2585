import type { Domain } from '../../lib/api/schemas.ts';
import { shortHostShown } from '../../lib/links/short-link-of-account.ts';
import { defaultDomainLabel } from '../../lib/wording/link-words.ts';
import type { FieldInputProps } from '../ui/FormField.tsx';

/** The service's default short domain ("") and every custom domain of the account. */
export function DomainSelect({
  value,
  domains,
  defaultShortHost,
  onChange,
  ...fieldProps
}: FieldInputProps & {
  value: string;
  domains: Domain[];
  defaultShortHost?: string;
  onChange: (domain: string) => void;
}) {
  const known = value === '' || domains.some((domain) => domain.domain === value);
  return (
    <select {...fieldProps} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{defaultDomainLabel(defaultShortHost)}</option>
      {domains.map((domain) => (
        <option key={domain.domain} value={domain.domain} dir="ltr">
          {shortHostShown(domain.domain, defaultShortHost)}
        </option>
      ))}
      {!known && (
        <option value={value} dir="ltr">
          {shortHostShown(value, defaultShortHost)}
        </option>
      )}
    </select>
  );
}
