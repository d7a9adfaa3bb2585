// Which IP addresses the destination checker must never connect to: everything that is not the
// public internet, so that a link cannot turn the checker into a way into the operator's network.
// IPv6 forms that carry an IPv4 address (mapped, compatible, translated, NAT64, 6to4) are judged by
// the IPv4 address inside, which is where the packets would go.
import { isIPv4 } from 'node:net';
import { ipv6Groups } from '../shared/ip-address.ts';

/** The kind of range a refused address lies in, for the log and the stored reason. */
export type RefusedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'tunnel';

type V4Range = { first: number; bits: number; range: RefusedRange };

const v4 = (dotted: string, bits: number, range: RefusedRange): V4Range => ({
  first: ipv4Number(dotted) ?? 0,
  bits,
  range,
});

// Metadata services first, so that the more telling name wins over link-local or shared.
const IPV4_REFUSED: V4Range[] = [
  v4('169.254.169.254', 32, 'metadata'), // AWS, GCP, Azure, OpenStack, DigitalOcean
  v4('169.254.170.2', 32, 'metadata'), // AWS ECS task credentials
  v4('100.100.100.200', 32, 'metadata'), // Alibaba Cloud
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared'), // carrier-grade NAT, RFC 6598
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'), // IETF protocol assignments (NAT64 discovery, DS-Lite)
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, 'tunnel'), // 6to4 relay anycast
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('255.255.255.255', 32, 'broadcast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** The dotted-quad IPv4 address as a number, or undefined when it is not one. */
function ipv4Number(dotted: string): number | undefined {
  if (!isIPv4(dotted)) return undefined;
  return dotted.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function ipv4Range(address: number): RefusedRange | undefined {
  for (const { first, bits, range } of IPV4_REFUSED) {
    const size = 2 ** (32 - bits);
    if (address >= first && address < first + size) return range;
  }
  return undefined;
}

/** The sixteen bytes of an IPv6 address (with or without an embedded dotted quad). */
function ipv6Bytes(text: string): number[] | undefined {
  return ipv6Groups(text)?.flatMap((group) => [group >> 8, group & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[], bits: number) => {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
};

const zeros = (count: number) => Array<number>(count).fill(0);
const ipv4At = (bytes: number[], at: number) =>
  bytes.slice(at, at + 4).reduce((value, byte) => value * 256 + byte, 0);

type V6Range = { prefix: number[]; bits: number; range: RefusedRange };

const IPV6_REFUSED: V6Range[] = [
  { prefix: [0xfd, 0x00, 0x0e, 0xc2, ...zeros(10), 0x02, 0x54], bits: 128, range: 'metadata' }, // fd00:ec2::254
  { prefix: [0x01, 0x00, ...zeros(6)], bits: 64, range: 'reserved' }, // 100::/64 discard-only
  { prefix: [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], bits: 48, range: 'private' }, // local-use NAT64
  { prefix: [0x20, 0x01, 0x00, 0x00], bits: 32, range: 'tunnel' }, // Teredo
  { prefix: [0x20, 0x01, 0x00, 0x02, 0x00, 0x00], bits: 48, range: 'benchmarking' },
  { prefix: [0x20, 0x01, 0x0d, 0xb8], bits: 32, range: 'documentation' },
  { prefix: [0x3f, 0xff], bits: 20, range: 'documentation' },
  { prefix: [0xfc], bits: 7, range: 'unique-local' },
  { prefix: [0xfe, 0x80], bits: 10, range: 'link-local' },
  { prefix: [0xfe, 0xc0], bits: 10, range: 'private' }, // the deprecated site-local
  { prefix: [0xff], bits: 8, range: 'multicast' },
];

function ipv6Range(bytes: number[]): RefusedRange | undefined {
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (isZero(0, 15))
    return bytes[15] === 0 ? 'unspecified' : bytes[15] === 1 ? 'loopback' : 'reserved';
  const mapped = isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff; // ::ffff:a.b.c.d
  const compatible = isZero(0, 12); // ::a.b.c.d, deprecated but still routed by some stacks
  const translated = isZero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && isZero(10, 12);
  const nat64 = startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)], 96); // 64:ff9b::/96
  if (mapped || compatible || translated || nat64) return ipv4Range(ipv4At(bytes, 12));
  if (startsWith(bytes, [0x20, 0x02], 16)) return ipv4Range(ipv4At(bytes, 2)); // 6to4
  return IPV6_REFUSED.find(({ prefix, bits }) => startsWith(bytes, prefix, bits))?.range;
}

/**
 * The refused range an IP address lies in, or undefined for a public address. Takes an address as
 * `dns.lookup` answers it or as a URL's hostname holds it (`[::1]`); anything that is not an IP
 * address is refused as `reserved`, so a caller that forgot to resolve a name fails closed.
 */
export function refusedRangeOf(address: string): RefusedRange | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const number = ipv4Number(bare);
  if (number !== undefined) return ipv4Range(number);
  const bytes = ipv6Bytes(bare);
  return bytes === undefined ? 'reserved' : ipv6Range(bytes);
}
