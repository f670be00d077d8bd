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
// Branded domains (issue 18)
export * from "./domains";
// Trust and safety (issue 19, decision 036)
export * from "./safety";
// Single sign-on (issue 17, docs/decisions/034)
export * from "./sso";
// Shopping cart and domain orders (issue 18, docs/decisions/043)
export * from "./orders";
// Pixel scripts (issue 20, docs/decisions/047)
export * from "./pixels";
// Renewal of bought domains (issue 18, docs/decisions/050)
export * from "./domain-registrations";
