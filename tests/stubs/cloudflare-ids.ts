/** What the Cloudflare stub and the service it stands in for agree on (no imports: the Playwright config loads it). */
export const STUB_CF_TOKEN = "cf-stub-token-0123456789";
export const STUB_CF_ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
/** The zone's name as GET /zones answers it (the kiosk's Cloudflare page, decision 045). */
export const STUB_CF_ZONE_NAME = "snip-domains.example";

/** The stub's port for an end-to-end run on `port`: its own per run, so parallel runs do not meet. */
export function cloudflareStubPort(port: string | number): number {
  return Number(port) + 100;
}
