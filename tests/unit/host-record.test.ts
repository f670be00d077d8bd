import { describe, expect, it } from "vitest";
import { hostOfUrl } from "../../domain/host-record";

describe("hostOfUrl", () => {
  it("reads the host of a request URL, lower-cased, with its port", () => {
    expect(hostOfUrl("https://Go.Example.COM/abc?x=1")).toBe("go.example.com");
    expect(hostOfUrl("http://localhost:8787/abc")).toBe("localhost:8787");
    expect(hostOfUrl("http://[::1]:8787/")).toBe("[::1]:8787");
    expect(hostOfUrl("https://sho.rt")).toBe("sho.rt");
  });

  it("takes a fully qualified name (a final dot) for the same host, with or without a port", () => {
    expect(hostOfUrl("https://go.example.com./abc")).toBe("go.example.com");
    expect(hostOfUrl("http://go.example.com.:8787/abc")).toBe("go.example.com:8787");
    expect(hostOfUrl("https://Go.Example.com.")).toBe("go.example.com");
  });
});
