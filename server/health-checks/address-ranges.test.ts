import { describe, expect, it } from 'vitest';
import { refusedRangeOf } from './address-ranges.ts';

/** The address as the URL parser leaves a destination's host, which is what the checker reads. */
const hostOf = (spelling: string) => new URL(`http://${spelling}/`).hostname;

describe('the addresses the checker refuses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['100::1', 'reserved'],
    ['2001:0:4136:e378::1', 'tunnel'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.1.2.3', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::8.8.8.8', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['[::1]', 'loopback'],
    ['localhost', 'reserved'],
  ])('refuses %s as %s', (address, range) => {
    expect(refusedRangeOf(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.0.1.1',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('lets %s through', (address) => {
    expect(refusedRangeOf(address)).toBeUndefined();
  });

  it.each([
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['127.0.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['0xA9.0xFE.0xA9.0xFE', 'metadata'],
    ['2852039166', 'metadata'],
    ['10.1', 'private'],
    ['0', 'unspecified'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[0:0:0:0:0:ffff:7f00:0001]', 'loopback'],
    ['[::ffff:a9fe:a9fe]', 'metadata'],
    ['[FD00:EC2::254]', 'metadata'],
    ['[0::1]', 'loopback'],
  ])(
    'reads the odd spelling %s as the URL parser does, and refuses it as %s',
    (spelling, range) => {
      expect(refusedRangeOf(hostOf(spelling))).toBe(range);
    },
  );
});
