// `npm run bench [name]`: runs every bench/**/*.bench.ts (or those matching name) and prints their figures.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function find(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? find(p) : p.endsWith(".bench.ts") ? [p] : [];
  });
}
const filter = process.argv[2];
let status = 0;
for (const f of find("bench")
  .filter((f) => !filter || f.includes(filter))
  .sort()) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", f], { stdio: "inherit" });
  if (r.status !== 0) status = 1;
}
process.exit(status);
