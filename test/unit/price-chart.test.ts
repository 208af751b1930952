import { describe, expect, it } from "vitest";
import { buildPriceChart, mergeHistory } from "~/.server/charts/price-chart";
import { parsePriceHistory } from "~/.server/polymarket/clob";
import { parseChartRange } from "~/lib/chart";
import { readFixture } from "../support/fixtures";

const history = parsePriceHistory(readFixture("polymarket/clob-prices-history-1w-f5.json"));
const NOW = 1770480499; // the recording's last point

describe("buildPriceChart", () => {
  it("draws the recorded week of the CLOB history with axes, readout and a sentence", () => {
    const yes = mergeHistory([], history);
    const no = yes.map((p) => ({ ...p, p: Math.round((1 - p.p) * 1000) / 1000 }));
    const chart = buildPriceChart(
      [
        { label: "Yes", points: yes },
        { label: "No", points: no },
      ],
      "1w",
      NOW,
    );
    if (!chart) throw new Error("expected a chart");
    expect(chart.lines.map((l) => l.label)).toEqual(["Yes", "No"]);
    expect(chart.lines[0]?.d.startsWith("M")).toBe(true);
    // Thinned to at most ~160 points per line: a few KB of path data, not 2,013 points.
    expect(chart.lines[0]?.d.split("L").length).toBeLessThanOrEqual(162);
    expect(chart.xTicks.length).toBeGreaterThanOrEqual(3);
    expect(chart.yTicks.every((t) => /¢$/.test(t.label))).toBe(true);
    expect(chart.readout).toHaveLength(96);
    expect(chart.readout.at(-1)?.values).toEqual([0.225, 0.775]);
    expect(chart.summary).toEqual([
      "Yes fell from 26.5¢ to 22.5¢ this week.",
      "No rose from 73.5¢ to 77.5¢ this week.",
    ]);
    expect(chart.sources).toEqual({ ours: 0, clob: 2 * history.length, oursFrom: null });
  });

  it("spans the whole plot, latest point at its right edge, and marks the few time labels a phone shows", () => {
    const chart = buildPriceChart([{ label: "Yes", points: mergeHistory([], history) }], "1w", NOW);
    if (!chart) throw new Error("expected a chart");
    // The plot has no margins (the labels are HTML beside it): first column at 0, the latest point at the edge.
    expect(chart.readout[0]?.x).toBe(0);
    expect(chart.readout.at(-1)?.x).toBe(chart.width);
    expect(chart.lines[0]?.last).toEqual({ x: chart.width, y: 168, p: 0.225 });
    expect(chart.xTicks.map((t) => t.label)).toEqual([
      "February",
      "Mon 02",
      "Tue 03",
      "Wed 04",
      "Thu 05",
      "Fri 06",
      "Sat 07",
    ]);
    expect(chart.xTicks.every((t) => t.at >= 0 && t.at <= chart.width)).toBe(true);
    // Seven days are too many labels for a phone: every third, from the first.
    expect(chart.xTicks.filter((t) => t.narrow).map((t) => t.label)).toEqual([
      "February",
      "Wed 04",
      "Sat 07",
    ]);
    expect(chart.yTicks).toEqual([
      { at: 240, label: "15¢" },
      { at: 192, label: "20¢" },
      { at: 144, label: "25¢" },
      { at: 96, label: "30¢" },
      { at: 48, label: "35¢" },
      { at: 0, label: "40¢" },
    ]);
    expect(chart.height).toBe(240);
  });

  it("keeps only the range asked for", () => {
    const chart = buildPriceChart([{ label: "Yes", points: mergeHistory([], history) }], "1d", NOW);
    expect(chart?.readout[0]?.t).toBeGreaterThanOrEqual(NOW - 86_400);
  });

  it("says a flat line held", () => {
    const flat = [
      { t: NOW - 100, p: 0.58, source: "ours" as const },
      { t: NOW, p: 0.5804, source: "ours" as const },
    ];
    expect(buildPriceChart([{ label: "Yes", points: flat }], "1d", NOW)?.summary).toEqual([
      "Yes held at 58¢ over the last day.",
    ]);
  });

  it("has nothing to draw without two points in range", () => {
    expect(
      buildPriceChart([{ label: "Yes", points: [{ t: NOW, p: 0.5, source: "ours" }] }], "1w", NOW),
    ).toBeNull();
    expect(buildPriceChart([], "1w", NOW)).toBeNull();
  });
});

describe("mergeHistory", () => {
  it("extends our points back with the CLOB's where ours are shorter, each point with its source", () => {
    const merged = mergeHistory(
      [
        { t: 300, p: 0.4 },
        { t: 400, p: 0.5 },
      ],
      [
        { t: 100, p: 0.2 },
        { t: 200, p: 0.3 },
        { t: 300, p: 0.9 },
        { t: 350, p: 0.9 },
      ],
    );
    expect(merged).toEqual([
      { t: 100, p: 0.2, source: "clob" },
      { t: 200, p: 0.3, source: "clob" },
      { t: 300, p: 0.4, source: "ours" },
      { t: 400, p: 0.5, source: "ours" },
    ]);
  });
});

describe("parseChartRange", () => {
  it("defaults to a week and refuses anything else", () => {
    expect(parseChartRange(null)).toBe("1w");
    expect(parseChartRange("1m")).toBe("1m");
    expect(parseChartRange("10y")).toBeNull();
  });
});
