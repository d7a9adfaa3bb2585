import { describe, expect, it } from 'vitest';
import { ipv6Groups } from './ip-address.ts';

describe('ipv6Groups', () => {
  it.each([
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['2001:db8::', [0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]],
    ['2001:DB8:0:1:2:3:4:5', [0x2001, 0xdb8, 0, 1, 2, 3, 4, 5]],
    ['::ffff:192.0.2.1', [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])('reads %s as its eight groups', (address, groups) => {
    expect(ipv6Groups(address)).toEqual(groups);
  });

  it.each(['192.0.2.1', 'example.com', '1::2::3', ''])('reads %j as no IPv6 address', (text) => {
    expect(ipv6Groups(text)).toBeUndefined();
  });
});
