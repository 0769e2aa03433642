// The test suites' cheaper password hashing: loaded into a test server's own process (imported by
// tests/server/helpers.ts for the in-process servers; `node --import` of this file for the built
// server of the e2e specs, e2e/support/server.ts), new hashes use scrypt's N = 1024 instead of the
// product's 16384 (src/server/auth/password.ts TEST_HASH_COST; why it is safe: docs/security.md).
// The files about password hashing itself (its cost, its concurrency limit) call setProductHashCost().
export const TEST_SCRYPT_N = 1024;
const KEY = Symbol.for("inkless.test.scryptCost");

/** The tests' cost for this process (done when this file loads). */
export function setTestHashCost() {
  globalThis[KEY] = TEST_SCRYPT_N;
}
setTestHashCost();

/** Back to the product's cost for this process. */
export function setProductHashCost() {
  delete globalThis[KEY];
}
