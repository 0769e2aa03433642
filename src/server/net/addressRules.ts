// Which addresses the server may reach on a user's behalf (live data sources, database sources,
// webhooks): public unicast only. Private, loopback, link-local, carrier-grade NAT, multicast, documentation and other special
// ranges are refused, IPv4 written inside IPv6 (::ffff:10.0.0.1, 64:ff9b::a00:1) included, unless
// the operator allowed a range (INKLESS_LIVE_DATA_ALLOW, docs/security.md).
import { BlockList, isIP } from "node:net";

const V4_BLOCKED: readonly [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

const V6_BLOCKED: readonly [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID…)
  ["2002::", 16], // 6to4, which carries any IPv4 address
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // old site-local
  ["ff00::", 8], // multicast
];

const blocked = new BlockList();
for (const [a, p] of V4_BLOCKED) blocked.addSubnet(a, p, "ipv4");
for (const [a, p] of V6_BLOCKED) blocked.addSubnet(a, p, "ipv6");

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d). */
export function embeddedV4(ip: string): string | null {
  const m = /^(?:::ffff:(?:0:)?|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1];
  const h = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!h) return null;
  const hi = Number.parseInt(h[1], 16);
  const lo = Number.parseInt(h[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** An operator's allow-list ("10.1.2.0/24, 192.168.5.7, fd00::/8") as a BlockList; bad entries are returned. */
export function parseAllowList(text: string): { list: BlockList; bad: string[] } {
  const list = new BlockList();
  const bad: string[] = [];
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addr, bits] = entry.split("/");
    const family = isIP(addr);
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      !family ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (bits !== undefined && !/^\d+$/.test(bits))
    ) {
      bad.push(entry);
      continue;
    }
    list.addSubnet(addr, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return { list, bad };
}

/**
 * True when the server must not connect to `ip` for a user: a special-purpose address not in the
 * operator's `allow` list. Anything that is not an IP address is refused too.
 */
export function isBlockedAddress(literal: string, allow?: BlockList): boolean {
  // a URL's host writes IPv6 in brackets; a zone (%eth0) names no other address
  const ip = literal
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  const family = isIP(ip);
  if (!family) return true;
  const v4 = family === 6 ? embeddedV4(ip) : ip;
  const [addr, type] = v4 ? [v4, "ipv4" as const] : [ip, "ipv6" as const];
  if (allow?.check(addr, type)) return false;
  return blocked.check(addr, type);
}
