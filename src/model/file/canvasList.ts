// <Canvas>: the label's canvas images as one comma-joined list (spec §3). Data URLs carry a comma
// after their header, so items are re-joined on reading; any other comma inside an item is written
// as %2C, which means the same in a URL.

const DATA_HEADER_RE = /^data:[^,]*$/;

export function joinCanvasList(items: readonly string[]): string {
  return items
    .map((item) => {
      const m = /^(data:[^,]*,)([\s\S]*)$/.exec(item);
      return m ? m[1] + m[2].replaceAll(",", "%2C") : item.replaceAll(",", "%2C");
    })
    .join(",");
}

export function splitCanvasList(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === "") return [];
  const parts = raw.split(",");
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i].trim();
    if (DATA_HEADER_RE.test(p) && i + 1 < parts.length) out.push(`${p},${parts[++i].trim()}`);
    else if (p !== "") out.push(p);
  }
  return out;
}
