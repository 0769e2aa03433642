// The small front matter of a help article: `key: value` lines between two `---` lines at the top.
export interface FrontMatter {
  readonly fields: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Splits a Markdown file into its front matter fields and its body; no front matter → no fields. */
export function parseFrontMatter(source: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!m) return { fields: {}, body: text };
  const fields: Record<string, string> = {};
  for (const line of m[1].split("\n")) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const key = line.slice(0, i).trim();
    if (!/^[a-z]+$/i.test(key)) continue;
    fields[key] = line.slice(i + 1).trim();
  }
  return { fields, body: text.slice(m[0].length) };
}
