// A language's help search index made at build time (src/help/indexPlugin.ts), serialised.
declare module "virtual:help-index/*" {
  const index: string;
  export default index;
}
