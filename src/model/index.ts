export * from "./bounds";
export * from "./constants";
export * from "./defaults";
export * from "./ids";
export * from "./types";
export * from "./units";
