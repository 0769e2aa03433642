// Loaded with --import: any TypeScript module (or the tsx loader) that this process tries to load
// fails to resolve, to show that a program runs from built JavaScript only.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (/\\.(c|m)?tsx?$/.test(new URL(r.url).pathname) || r.url.includes("/node_modules/tsx/"))
    throw new Error("TypeScript loaded at run time: " + r.url);
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
