export * from "./bounds";
export * from "./constants";
export * from "./defaults";
export * from "./ids";
export { createElement, KIND_MODELS, kindModel, type Placement } from "./kinds";
export * from "./types";
export * from "./units";
