// Password hashing with scrypt (memory-hard): "scrypt$N$r$p$salt$hash", base64url parts.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { ApiError, Code } from "../http/envelope";

const N = 16384;
/**
 * The test suites' cheaper cost (N = 1024, 16 times less work): set only by code running in the
 * server's own process (tests/server/support/testHashCost.mjs in-process, `node --import` of it for the
 * e2e specs' built server). No environment variable, setting or request reaches it; whoever can run
 * code in the process can read the hashes anyway (docs/security.md). A hash keeps the cost it was
 * made with, so verifying never depends on it.
 */
export const TEST_HASH_COST = Symbol.for("inkless.test.scryptCost");
const R = 8;
const P = 1;
const KEYLEN = 32;

/** Hashes running at once (each takes a libuv thread and 16 MiB) and waiting for a slot: a flood of
 * logins or registrations queues here instead of taking every thread and the memory; past the
 * queue it is told "too frequent" at once (docs/security.md). */
export const HASH_LIMITS = { running: 2, waiting: 64 } as const;
/** Observed by the tests: hashes started, and the most that ran at once. */
export const hashStats = { started: 0, maxRunning: 0 };
let running = 0;
const queue: (() => void)[] = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_LIMITS.running) {
    if (queue.length >= HASH_LIMITS.waiting) throw new ApiError(Code.failed, "server.error.tooFrequent");
    await new Promise<void>((go) => queue.push(go));
  } else running++;
  hashStats.started++;
  hashStats.maxRunning = Math.max(hashStats.maxRunning, running);
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next)
      next(); // the slot passes on: running stays the same
    else running--;
  }
}

/** N for a new hash: the test cost when one was set (a power of two from 2 to N), else N. */
function cost(): number {
  const n: unknown = (globalThis as Record<symbol, unknown>)[TEST_HASH_COST];
  return typeof n === "number" && Number.isInteger(n) && n >= 2 && n <= N && (n & (n - 1)) === 0 ? n : N;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return slot(
    () =>
      new Promise((ok, fail) =>
        scrypt(password.normalize("NFKC"), salt, KEYLEN, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (e, k) =>
          e ? fail(e) : ok(k),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = cost();
  const key = await derive(password, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [tag, n, r, p, salt, hash] = stored.split("$");
  if (tag !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal it: it
 * costs what a new hash costs. */
export const dummyHash = (): string => `scrypt$${cost()}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA$${"A".repeat(43)}`;
