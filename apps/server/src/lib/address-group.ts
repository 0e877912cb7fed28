import net from 'node:net';

/** A dual-stack listener shows an IPv4 peer as ::ffff:a.b.c.d. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The IPv4 address behind `address` (itself, or an IPv4-mapped IPv6 one), or null. */
export function ipv4Of(address: string): string | null {
  return MAPPED_IPV4.exec(address)?.[1] ?? (net.isIPv4(address) ? address : null);
}

/** The eight 16-bit groups of an IPv6 address (zone dropped), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const plain = address.split('%')[0] ?? '';
  if (!net.isIPv6(plain)) return null;
  const [head = '', tail] = plain.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const words = (hextets: string[]) =>
    hextets.flatMap((h) => {
      if (!h.includes('.')) return [parseInt(h, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = h.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  const l = words(left);
  const r = words(right);
  return [...l, ...Array<number>(8 - l.length - r.length).fill(0), ...r];
}

/**
 * The key the gateway's per-address guards count a source under (ADR 0082): an IPv4 address is
 * its own (IPv4-mapped IPv6 ones too); an IPv6 address counts under its /64, since a host
 * holds a whole /64 and can take a new address in it for every connection.
 */
export function addressGroup(address: string): string {
  const v4 = ipv4Of(address);
  if (v4) return v4;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
