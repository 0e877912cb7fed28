import { normalizeIP } from '@fastify/rate-limit';
import net from 'node:net';

/** A dual-stack listener shows an IPv4 peer as ::ffff:a.b.c.d. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The IPv4 address behind `address` (itself, or an IPv4-mapped IPv6 one), or null. */
export function ipv4Of(address: string): string | null {
  return MAPPED_IPV4.exec(address)?.[1] ?? (net.isIPv4(address) ? address : null);
}

/**
 * The key the gateway's per-address guards count a source under (ADR 0082): an IPv4 address is
 * its own (IPv4-mapped IPv6 ones too); an IPv6 address counts under its /64, since a host
 * holds a whole /64 and can take a new address in it for every connection.
 */
export function addressGroup(address: string): string {
  // The same grouping as the HTTP limits' (http/limits.ts): @fastify/rate-limit's normalizeIP
  // keeps an IPv4 (or IPv4-mapped) address whole and cuts an IPv6 one to its /64 network.
  const group = normalizeIP(address, 64);
  return net.isIPv6(group) ? `${group}/64` : group;
}
