// An IPv6 address as its eight 16-bit groups: the one reading of `::`, zone ids and a final dotted
// IPv4 part, for the per-address limit (http/rate-limit.ts) and the destination checker's refused
// ranges (health-checks/address-ranges.ts).
import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%', 1)[0] ?? '';
  if (!isIPv6(text)) return undefined;
  // A final dotted IPv4 part (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}
