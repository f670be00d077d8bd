/** The kiosk's per-day charts say their total as a sentence (the chart's accessible name). */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrendChart } from "../../app/components/trend-chart";

const summary = (values: number[]) => {
  const points = values.map((value, i) => ({ day: `2026-11-${String(i + 1).padStart(2, "0")}`, value }));
  const html = renderToStaticMarkup(createElement(TrendChart, { points, label: "New links", units: ["link", "links"] as const }));
  return /aria-label="([^"]*)"/.exec(html)?.[1];
};

describe("TrendChart's summary", () => {
  it("counts one in the singular and any other number in the plural", () => {
    expect(summary([0, 1, 0])).toBe("New links per day, last 3 days: 1 link in total.");
    expect(summary([0, 0])).toBe("New links per day, last 2 days: 0 links in total.");
    expect(summary([1200, 34])).toBe("New links per day, last 2 days: 1,234 links in total.");
  });
});
