/**
 * A DNS-over-HTTPS JSON stub for SSO domain verification (docs/decisions/034): answers
 * `GET /dns-query?name=...&type=TXT` (Accept: application/dns-json) in the wire format of
 * Cloudflare's and Google's resolvers, from records a test sets with
 * `POST /__records {"name": "...", "txt": ["..."]}` (an empty list removes them).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type DnsStub = { url: string; controlUrl: string; close: () => Promise<void> };

export async function startDnsStub(options: { port?: number } = {}): Promise<DnsStub> {
  const records = new Map<string, string[]>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    if (req.method === "POST" && url.pathname === "/__records") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const { name, txt } = JSON.parse(body) as { name: string; txt: string[] };
        records.set(name.toLowerCase().replace(/\.$/, ""), txt);
        res.writeHead(204).end();
      });
      return;
    }
    if (req.method === "GET" && url.pathname === "/dns-query") {
      const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
      const type = url.searchParams.get("type") ?? "A";
      const txt = type.toUpperCase() === "TXT" ? (records.get(name) ?? []) : [];
      const body = {
        Status: txt.length > 0 ? 0 : 3,
        TC: false,
        RD: true,
        RA: true,
        AD: false,
        CD: false,
        Question: [{ name: `${name}.`, type: 16 }],
        ...(txt.length > 0 ? { Answer: txt.map((data) => ({ name: `${name}.`, type: 16, TTL: 300, data: JSON.stringify(data) })) } : {}),
      };
      res.writeHead(200, { "content-type": "application/dns-json" }).end(JSON.stringify(body));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/dns-query`,
    controlUrl: `http://127.0.0.1:${port}/__records`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
