// E2E support: the server per spec, Chromium, page helpers and screenshots.
export * from "./app";
export * from "./browser";
export * from "./server";
