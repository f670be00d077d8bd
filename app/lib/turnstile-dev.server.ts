/**
 * A local stand-in for Turnstile's siteverify that answers the way Cloudflare documents its test
 * secret keys: `1x…AA` passes every token, `2x…AA` fails every token, `3x…AA` answers that the
 * token was already spent. It speaks the real wire format (a form-encoded POST in, JSON out), so
 * the client code is the same as in production. Used for local runs (dev-client.server.ts) and
 * by the unit tests behind a local HTTP server.
 */
const TEST_SECRETS: Record<string, string[]> = {
  "1x0000000000000000000000000000000AA": [],
  "2x0000000000000000000000000000000AA": ["invalid-input-response"],
  "3x0000000000000000000000000000000AA": ["timeout-or-duplicate"],
};

export async function devSiteverify(request: Request): Promise<Response> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const form = new URLSearchParams(await request.text());
  const secret = form.get("secret") ?? "";
  const token = form.get("response") ?? "";
  let errors: string[];
  if (secret === "") errors = ["missing-input-secret"];
  else if (!(secret in TEST_SECRETS)) errors = ["invalid-input-secret"];
  else if (token === "") errors = ["missing-input-response"];
  else errors = TEST_SECRETS[secret]!;
  const success = errors.length === 0;
  return Response.json({
    success,
    "error-codes": errors,
    ...(success ? { challenge_ts: new Date().toISOString(), hostname: "localhost", action: "", cdata: "" } : {}),
  });
}
