// A tiny MaxMind DB (GeoLite2-Country shaped) written from the format's specification
// (https://maxmind.github.io/MaxMind-DB/), since no writer is published on npm: IPv4 networks to
// country codes, 24-bit records. Enough for the service's --geoip tests, nothing more.

type Value = string | number | { [key: string]: Value } | Value[];

/** A control byte (and extended type byte) with the size in the spec's variable-length form. */
function header(type: number, size: number): Buffer {
  const typeBits = type <= 7 ? type << 5 : 0;
  const extended = type > 7 ? [type - 7] : [];
  if (size < 29) return Buffer.from([typeBits | size, ...extended]);
  if (size < 285) return Buffer.from([typeBits | 29, ...extended, size - 29]);
  const rest = size - 285;
  return Buffer.from([typeBits | 30, ...extended, rest >> 8, rest & 0xff]);
}

function encode(value: Value): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([header(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    // uint32 (type 6), as few bytes as the value needs.
    const bytes: number[] = [];
    for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
    return Buffer.concat([header(6, bytes.length), Buffer.from(bytes)]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([header(11, value.length), ...value.map(encode)]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([
    header(7, entries.length),
    ...entries.flatMap(([key, item]) => [encode(key), encode(item)]),
  ]);
}

type TrieNode = { children: [Child, Child] };
type Child = TrieNode | { data: number } | undefined;

/** A country database: each `network` is `a.b.c.d/bits`. */
export function countryDatabase(networks: { network: string; country: string }[]): Buffer {
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const root: TrieNode = { children: [undefined, undefined] };
  for (const { network, country } of networks) {
    const [address = '', bitsText = '32'] = network.split('/');
    const bits = Number(bitsText);
    const value = address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
    const record = encode({ country: { iso_code: country, names: { en: country } } });
    const offset = dataLength;
    dataParts.push(record);
    dataLength += record.length;
    let node = root;
    for (let i = 0; i < bits; i++) {
      const bit = Math.floor(value / 2 ** (31 - i)) % 2;
      if (i === bits - 1) {
        node.children[bit] = { data: offset };
        break;
      }
      let next = node.children[bit];
      if (!next || !('children' in next)) {
        next = { children: [undefined, undefined] };
        node.children[bit] = next;
      }
      node = next;
    }
  }

  // Nodes numbered breadth first from the root (node 0).
  const nodes: TrieNode[] = [root];
  for (let i = 0; i < nodes.length; i++) {
    for (const child of (nodes[i] as TrieNode).children) {
      if (child && 'children' in child) nodes.push(child);
    }
  }
  const nodeCount = nodes.length;
  const recordOf = (child: Child): number => {
    if (!child) return nodeCount; // no data
    if ('children' in child) return nodes.indexOf(child);
    return nodeCount + 16 + child.data;
  };
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach((node, i) => {
    tree.writeUIntBE(recordOf(node.children[0]), i * 6, 3);
    tree.writeUIntBE(recordOf(node.children[1]), i * 6 + 3, 3);
  });

  const metadata = encode({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: Math.floor(Date.now() / 1000),
    database_type: 'GeoLite2-Country',
    description: { en: 'Test countries' },
    ip_version: 4,
    languages: ['en'],
    node_count: nodeCount,
    record_size: 24,
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...dataParts,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'ascii'),
    metadata,
  ]);
}
