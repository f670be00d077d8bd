export * from "./links";
export * from "./clicks";
export * from "./mail";
export * from "./auth";
export * from "./account-data";
export * from "./tags";
export * from "./billing";
export * from "./webhooks";
export * from "./bulk";
export * from "./api";
export * from "./organizations";
export * from "./helpdesk";
export * from "./kiosk";
export * from "./workspaces";
// Single sign-on (issue 17, docs/decisions/034)
export * from "./sso";
