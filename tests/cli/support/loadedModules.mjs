// Loaded with --import: appends the URL of every module this process loads, one a line, to the file
// named by INKLESS_TEST_LOADED (to show what a command loads and what it leaves alone).
import { register } from "node:module";

const hooks = `
import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  const r = await next(url, context);
  appendFileSync(${JSON.stringify(process.env.INKLESS_TEST_LOADED ?? "")}, url + "\\n");
  return r;
}`;
if (process.env.INKLESS_TEST_LOADED) register(`data:text/javascript,${encodeURIComponent(hooks)}`);
