// Runs every hostile input through the reader in a process of small memory (see hostile.test.ts):
// prints one JSON line, each case's message key, "ok", or the unexpected error it threw.
import { interpretZpl, ZplError } from "../../../src/zpl";
import { HOSTILE } from "./hostile";

const out: Record<string, string> = {};
for (const c of HOSTILE) {
  try {
    interpretZpl(c.input());
    out[c.name] = "ok";
  } catch (e) {
    out[c.name] = e instanceof ZplError ? e.key : `unexpected: ${e instanceof Error ? e.stack : String(e)}`;
  }
}
process.stdout.write(`${JSON.stringify(out)}\n`);
