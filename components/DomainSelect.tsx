import type { Domain } from '../lib/api/schemas.ts';

/** The service's default short domain ("") and every custom domain of the account. */
export function DomainSelect({
  id,
  value,
  domains,
  onChange,
}: {
  id: string;
  value: string;
  domains: Domain[];
  onChange: (domain: string) => void;
}) {
  const known = value === '' || domains.some((domain) => domain.domain === value);
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Default short domain</option>
      {domains.map((domain) => (
        <option key={domain.domain} value={domain.domain}>
          {domain.domain}
        </option>
      ))}
      {!known && <option value={value}>{value}</option>}
    </select>
  );
}
