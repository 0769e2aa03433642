/** Writes dir's `.br` and `.gz` variants (scripts/precompress.mjs); bytes before and after (brotli). */
export function precompress(dir: string): { before: number; after: number };
