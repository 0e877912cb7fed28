import { describe, expect, it } from 'vitest';
import { addressGroup, ipv4Of } from './address-group.ts';
import { createAddressGate } from '../gateway/address-gate.ts';
import { createUnknownGuard } from '../gateway/unknown-guard.ts';

describe('address groups (ADR 0082)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::9', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b::/64'],
    ['?', '?'],
  ])('%s counts under %s', (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it('reads the IPv4 address behind a mapped one only', () => {
    expect(ipv4Of('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(ipv4Of('1.2.3.4')).toBe('1.2.3.4');
    expect(ipv4Of('2001:db8::1')).toBeNull();
  });

  it('holds an IPv6 host to one allowance across its /64, and IPv4 hosts each to their own', () => {
    const gate = createAddressGate(
      { maxConnections: 2, connectBurst: 100, connectsPerMinute: 100, messageBurst: 1, messagesPerMinute: 1 },
      () => 0,
    );
    expect(typeof gate.connect('2001:db8:1:2::a')).toBe('object');
    expect(typeof gate.connect('2001:db8:1:2::b')).toBe('object');
    expect(gate.connect('2001:db8:1:2:ffff::c')).toBe('address-full');
    expect(typeof gate.connect('2001:db8:1:3::a')).toBe('object');
    expect(typeof gate.connect('192.0.2.1')).toBe('object');
    expect(typeof gate.connect('::ffff:192.0.2.1')).toBe('object');
    expect(gate.connect('192.0.2.1')).toBe('address-full');
    expect(typeof gate.connect('192.0.2.2')).toBe('object');
  });

  it('counts unknown IMEIs of a /64 together, UDP apart from TCP', () => {
    const guard = createUnknownGuard({ perAddress: 2, windowMs: 60_000 }, () => 0);
    guard.unknown('2001:db8:1:2::a');
    guard.unknown('2001:db8:1:2::b');
    expect(guard.blocked('2001:db8:1:2::c')).toBe(true);
    expect(guard.blocked('2001:db8:1:3::c')).toBe(false);
    expect(guard.blocked('udp:2001:db8:1:2::c')).toBe(false);
  });
});
