// Looking for network label printers, only when the user asks (the My printer page's "Search the
// network"): a bounded scan of each local IPv4 /24 for the raw print port, and an mDNS question
// for `_pdl-datastream._tcp` (printers announcing raw printing). Nothing is added by itself: the
// user picks from the answers.
import { createSocket } from "node:dgram";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { RAW_PRINT_PORT } from "./config";

export interface FoundPrinter {
  readonly host: string;
  readonly port: number;
  /** the name it announces over mDNS, when it does */
  readonly name?: string;
}

export interface DiscoverOptions {
  /** the /24 networks to scan as "a.b.c" (default: those of this computer's IPv4 interfaces) */
  readonly subnets?: readonly string[];
  readonly port?: number;
  /** per-address connect timeout (ms) */
  readonly timeoutMs?: number;
  /** how long to listen for mDNS answers (ms); 0: no mDNS */
  readonly mdnsMs?: number;
}

/** Connections tried at once during the scan. */
const PARALLEL = 64;
/** Networks scanned at most (a computer with many interfaces). */
const MAX_SUBNETS = 4;
export const MDNS_SERVICE = "_pdl-datastream._tcp.local";

export function localSubnets(): string[] {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const a of list ?? [])
      if (a.family === "IPv4" && !a.internal) out.add(a.address.split(".").slice(0, 3).join("."));
  return [...out].slice(0, MAX_SUBNETS);
}

function portOpen(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      s.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    s.once("connect", () => done(true));
    s.once("error", () => done(false));
  });
}

/** Hosts 1–254 of each /24 with the port open. */
export async function scanSubnets(
  subnets: readonly string[],
  port: number,
  timeoutMs: number,
): Promise<string[]> {
  const hosts = subnets
    .filter((s) => /^\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(s))
    .slice(0, MAX_SUBNETS)
    .flatMap((s) => Array.from({ length: 254 }, (_, i) => `${s}.${i + 1}`));
  const found: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < hosts.length) {
      const h = hosts[next++] as string;
      if (await portOpen(h, port, timeoutMs)) found.push(h);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, hosts.length) }, worker));
  return found.sort((a, b) => Number(a.split(".")[3]) - Number(b.split(".")[3]));
}

/** A DNS question for the PTR records of `name` (one-shot mDNS query, id 0). */
export function mdnsQuery(name: string): Buffer {
  const labels = name.split(".").map((l) => {
    const b = Buffer.from(l);
    return Buffer.concat([Buffer.from([b.length]), b]);
  });
  const header = Buffer.from([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([header, ...labels, Buffer.from([0, 0, 12, 0, 1])]);
}

function readName(buf: Buffer, start: number): { name: string; end: number } {
  const parts: string[] = [];
  let i = start;
  let end = -1;
  for (let jumps = 0; jumps < 32 && i < buf.length; ) {
    const len = buf[i] as number;
    if (len === 0) {
      i++;
      break;
    }
    if ((len & 0xc0) === 0xc0) {
      if (end < 0) end = i + 2;
      i = ((len & 0x3f) << 8) | (buf[i + 1] as number);
      jumps++;
      continue;
    }
    parts.push(buf.toString("utf8", i + 1, i + 1 + len));
    i += 1 + len;
  }
  return { name: parts.join("."), end: end < 0 ? i : end };
}

/** Printers in one mDNS answer: instance name → host address and port (SRV + A records). */
export function parseMdnsAnswer(buf: Buffer): FoundPrinter[] {
  if (buf.length < 12) return [];
  const count = buf.readUInt16BE(4) + buf.readUInt16BE(6) + buf.readUInt16BE(8) + buf.readUInt16BE(10);
  let i = 12;
  for (let q = buf.readUInt16BE(4); q > 0 && i < buf.length; q--) i = readName(buf, i).end + 4;
  const srv = new Map<string, { target: string; port: number }>();
  const addr = new Map<string, string>();
  const ptr: string[] = [];
  for (let r = 0; r < count - buf.readUInt16BE(4) && i + 10 <= buf.length; r++) {
    const { name, end } = readName(buf, i);
    if (end + 10 > buf.length) break;
    const type = buf.readUInt16BE(end);
    const len = buf.readUInt16BE(end + 8);
    const data = end + 10;
    if (data + len > buf.length) break;
    if (type === 12) ptr.push(readName(buf, data).name);
    if (type === 33 && len >= 7)
      srv.set(name, { port: buf.readUInt16BE(data + 4), target: readName(buf, data + 6).name });
    if (type === 1 && len === 4) addr.set(name, [...buf.subarray(data, data + 4)].join("."));
    i = data + len;
  }
  const out: FoundPrinter[] = [];
  for (const instance of new Set([...ptr, ...srv.keys()])) {
    const s = srv.get(instance);
    const host = s ? (addr.get(s.target) ?? s.target) : "";
    if (host)
      out.push({ host, port: s?.port ?? RAW_PRINT_PORT, name: instance.replace(`.${MDNS_SERVICE}`, "") });
  }
  return out;
}

function mdnsSearch(ms: number): Promise<FoundPrinter[]> {
  return new Promise((resolve) => {
    const found: FoundPrinter[] = [];
    const sock = createSocket({ type: "udp4", reuseAddr: true });
    const finish = () => {
      clearTimeout(timer);
      sock.close();
      resolve(found);
    };
    const timer = setTimeout(finish, ms);
    sock.on("error", finish);
    sock.on("message", (msg) => {
      try {
        found.push(...parseMdnsAnswer(msg));
      } catch {
        // a malformed answer: ignored
      }
    });
    sock.bind(0, () => sock.send(mdnsQuery(MDNS_SERVICE), 5353, "224.0.0.251", (e) => e && finish()));
  });
}

/** Raw-print printers on the local networks: scan and mDNS together, one entry per address. */
export async function discoverPrinters(opts: DiscoverOptions = {}): Promise<FoundPrinter[]> {
  const port = opts.port ?? RAW_PRINT_PORT;
  const [scanned, announced] = await Promise.all([
    scanSubnets(opts.subnets ?? localSubnets(), port, opts.timeoutMs ?? 400),
    (opts.mdnsMs ?? 1500) > 0 ? mdnsSearch(opts.mdnsMs ?? 1500).catch(() => []) : Promise.resolve([]),
  ]);
  const out = new Map<string, FoundPrinter>();
  for (const p of announced) out.set(`${p.host}:${p.port}`, p);
  for (const host of scanned) if (!out.has(`${host}:${port}`)) out.set(`${host}:${port}`, { host, port });
  return [...out.values()];
}
