/** What the registrar stub and the service agree on (no imports: the Playwright config loads it). */
export const STUB_DNSIMPLE_TOKEN = "dnsimple-stub-token-0123456789";
export const STUB_DNSIMPLE_ACCOUNT = "1010";
export const STUB_DNSIMPLE_REGISTRANT = "2020";

/** The stub's port for an end-to-end run on `port`. */
export function registrarStubPort(port: string | number): number {
  return Number(port) + 200;
}
