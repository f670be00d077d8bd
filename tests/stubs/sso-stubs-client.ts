/** The client the end-to-end OpenID provider registers (tests/stubs/sso-stubs.ts), for the tests to configure. */
export const SSO_E2E_CLIENT = { client_id: "snip-e2e", client_secret: "snip-e2e-client-secret-0123456789" } as const;
