// Which addresses a server-side request may reach (SSRF: a user-given URL must not make the server
// call its own network). Only public unicast addresses pass: loopback, private (RFC 1918, ULA),
// link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation,
// benchmarking and reserved ranges are refused; an IPv4-mapped or NAT64 IPv6 address is judged
// by the IPv4 address inside it.
import { BlockList, isIPv4, isIPv6 } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** The IPv4 address carried in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) address. */
function embeddedIPv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(ip);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2], 16);
  const lo = Number.parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether `ip` (a literal address) is a public unicast address a server-side request may reach. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIPv4(bare)) return !blocked.check(bare, "ipv4");
  if (!isIPv6(bare)) return false;
  const v4 = embeddedIPv4(bare.toLowerCase());
  if (v4 !== null) return isIPv4(v4) && !blocked.check(v4, "ipv4");
  return !blocked.check(bare, "ipv6");
}
