export * from "./links";
export * from "./clicks";
export * from "./mail";
