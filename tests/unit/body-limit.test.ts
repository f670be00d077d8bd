/**
 * The body limit counts bytes as they are read (docs/decisions/020): a header that says the body
 * is small does not let a bigger one through, and reading stops at the limit.
 */
import { describe, expect, it } from "vitest";
import { formDataWithin, readBodyWithin } from "../../app/lib/body-limit.server";

/** A request whose body is `chunks` chunks of 64 KB, counting how many the reader pulled. */
function streamed(chunks: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled++ < chunks) controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      else controller.close();
    },
  });
  const request = new Request("http://localhost/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readBodyWithin", () => {
  it("stops at the limit when the header claims a small body", async () => {
    const { request, pulled } = streamed(160, { "content-length": "10" }); // 10 MB sent
    expect(await readBodyWithin(request, 1024 * 1024)).toBeNull();
    expect(pulled()).toBeLessThan(20);
  });

  it("stops at the limit when there is no header at all (chunked)", async () => {
    const { request, pulled } = streamed(160);
    expect(await readBodyWithin(request, 1024 * 1024)).toBeNull();
    expect(pulled()).toBeLessThan(20);
  });

  it("returns a body within the limit whole, and refuses a declared length over it without reading", async () => {
    const small = streamed(4);
    expect((await readBodyWithin(small.request, 1024 * 1024))?.length).toBe(4 * 64 * 1024);
    const declared = streamed(4, { "content-length": String(2 * 1024 * 1024) });
    expect(await readBodyWithin(declared.request, 1024 * 1024)).toBeNull();
    expect(declared.pulled()).toBeLessThanOrEqual(1);
  });

  it("parses a form read within the limit, and says which way it failed", async () => {
    const form = new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    const read = await formDataWithin(form, 1024);
    expect(read.ok && read.form.get("a")).toBe("1");
    const broken = new Request("http://localhost/", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=z" },
    });
    expect(await formDataWithin(broken, 1024)).toEqual({ ok: false, reason: "malformed" });
    expect(await formDataWithin(streamed(40).request, 1024)).toEqual({ ok: false, reason: "too-large" });
  });
});
