// `npm run label|assistant|admin|backup|restore`: runs the built program from dist/node/ (built
// first when missing or older than its sources; scripts/build-node.mjs), so no TypeScript is
// compiled at start. Usage: node scripts/run-built.mjs <label|assistant|admin|ops> [args…]
import { PROGRAMS, runProgram } from "./build-node.mjs";

const [name, ...args] = process.argv.slice(2);
if (!(name in PROGRAMS)) {
  process.stderr.write(`usage: node scripts/run-built.mjs <${Object.keys(PROGRAMS).join("|")}> [args…]\n`);
  process.exit(2);
}
await runProgram(name, args);
