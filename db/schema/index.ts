export * from "./links";
export * from "./clicks";
export * from "./mail";
export * from "./auth";
export * from "./account-data";
export * from "./tags";
export * from "./billing";
export * from "./api";
