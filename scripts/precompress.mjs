// Precompresses the built web app (dist/client) at build time: a `.br` (brotli) and a `.gz` (gzip)
// beside every text asset worth it, so the server sends them as they are (src/server/http/static.ts
// picks one by Accept-Encoding) with no compression work per request. Run by Vite after each build
// (vite.config.ts) and on its own: node scripts/precompress.mjs [dir].
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// types that compress (images, woff2 and zips are packed already; source maps are for developers)
const COMPRESSIBLE = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".svg",
  ".txt",
  ".xml",
  ".wasm",
  ".ttf",
  ".otf",
]);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes the variants that are smaller than the file; returns bytes before and after (brotli). */
export function precompress(dir) {
  let before = 0;
  let after = 0;
  for (const f of files(dir)) {
    if (!COMPRESSIBLE.has(extname(f).toLowerCase())) continue;
    const st = statSync(f);
    if (st.size < MIN_BYTES) continue;
    const raw = readFileSync(f);
    const br = brotliCompressSync(raw, {
      params: {
        // the smallest files for what pages load; the big fonts and chunks at a quicker level
        [constants.BROTLI_PARAM_QUALITY]: raw.length > 1_000_000 ? 9 : 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: raw.length > 2_000_000 ? 6 : 9 });
    if (br.length < raw.length) writeFileSync(`${f}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${f}.gz`, gz);
    before += raw.length;
    after += Math.min(br.length, raw.length);
  }
  return { before, after };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { before, after } = precompress(process.argv[2] ?? "dist/client");
  console.log(
    `[inkless] precompressed: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB (brotli)`,
  );
}
