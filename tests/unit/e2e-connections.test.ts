import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
// The end-to-end tests' connection rule (imported by tests/e2e/fixtures.ts before anything else).
import "../e2e/connections";

// A server that, like the local runtime, answers without a Keep-Alive hint and closes a connection
// 100 ms after its last response (Node's own http server would announce its timeout; workerd does not).
const server = net.createServer((socket) => {
  let idle: NodeJS.Timeout | undefined;
  socket.on("data", () => {
    clearTimeout(idle);
    socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
    idle = setTimeout(() => socket.end(), 100);
  });
  socket.on("error", () => {});
});
let origin = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(agent: http.Agent): Promise<{ reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(origin, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ reused: request.reusedSocket }));
    });
    request.on("error", reject);
    request.end();
  });
}

test("a request after the server closed an idle connection goes out on a new one, not on the closed socket", async () => {
  const agent = new http.Agent({ keepAlive: true });
  for (let i = 0; i < 3; i++) {
    await get(agent);
    // Idle until just before the server's timeout, then busy while it closes: its FIN waits unread,
    // as in a loaded test process. A pooled socket would be picked and fail with "socket hang up".
    await new Promise((resolve) => setTimeout(resolve, 95));
    const until = Date.now() + 30;
    while (Date.now() < until);
    await expect(get(agent)).resolves.toEqual({ reused: false });
  }
  agent.destroy();
});
