import { describe, expect, it } from "vitest";
import { parseLinkSearch, readDashboardQuery } from "../../domain/link-search";

describe("dashboard search", () => {
  it("defaults to an alias search", () => {
    expect(parseLinkSearch("  promo ")).toEqual({ type: "alias", query: "promo" });
  });

  it("reads type:query", () => {
    expect(parseLinkSearch("tag:news")).toEqual({ type: "tag", query: "news" });
    expect(parseLinkSearch("URL: example.com/a")).toEqual({ type: "url", query: "example.com/a" });
    expect(parseLinkSearch("alias:x")).toEqual({ type: "alias", query: "x" });
  });

  it("treats an unknown prefix as text and an empty query as no search", () => {
    expect(parseLinkSearch("foo:bar")).toEqual({ type: "alias", query: "foo:bar" });
    expect(parseLinkSearch("tag:")).toBeNull();
    expect(parseLinkSearch("   ")).toBeNull();
  });

  it("falls back to defaults for unknown query values", () => {
    expect(readDashboardQuery(new URLSearchParams("page=-1&state=x&sort=y"))).toMatchObject({ page: 1, state: "all", sort: "newest" });
    expect(readDashboardQuery(new URLSearchParams("page=3&state=archived&sort=oldest&q=tag:a"))).toMatchObject({
      page: 3,
      state: "archived",
      sort: "oldest",
      search: { type: "tag", query: "a" },
    });
  });
});
