// Pure document operations: `(doc, …) → { doc, diff } | { refused: messageKey }`.
// See docs/machines.md for how the editor dispatches them.
export * from "./add";
export * from "./align";
export * from "./attrs";
export * from "./clipboard";
export * from "./commit";
export * from "./delete";
export * from "./diff";
export * from "./kindUpdate";
export * from "./lock";
export * from "./messages";
export * from "./mirror";
export * from "./mirror-sync";
export * from "./move";
export * from "./normalize";
export * from "./order";
export * from "./resize";
export * from "./rotate";
export * from "./size";
export * from "./table";
export * from "./tableStructure";
export * from "./targets";
export * from "./text";
export * from "./types";
export * from "./update";
