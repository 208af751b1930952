import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IncidentList } from "~/components/status/incident-list";
import { UpstreamSection } from "~/components/status/upstream-section";
import { type CheckRecord, type CheckTally, statusHistory } from "~/lib/uptime";

const MINUTE = 60_000;
const NOW = Date.parse("2026-11-23T12:00:00Z");

const gammaTally: CheckTally = {
  upstream: "gamma",
  ok: 3,
  total: 4,
  meanLatencyMs: 410,
  lastMs: NOW - MINUTE,
};
const check = (upstream: CheckRecord["upstream"], minutesAgo: number, ok: boolean): CheckRecord => ({
  upstream,
  checkedMs: NOW - minutesAgo * MINUTE,
  ok,
  status: ok ? null : 500,
  items: ok ? 100 : null,
  error: ok ? null : "API error: 500, status 500",
});

const history = statusHistory(
  [[gammaTally], [gammaTally], [gammaTally]],
  [check("gamma", 120, false), check("gamma", 60, true), check("data", 5, false)],
  NOW,
);
/** The rendered text as a reader sees it: without React's comments between text nodes, apostrophes unescaped. */
const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

describe("measured status sections", () => {
  it("incidents: resolved in green with a check icon, ongoing in red, each with its error and times", () => {
    const html = text(renderToString(<IncidentList history={history} />));
    const cards = html.split('data-testid="incident"').slice(1);
    expect(cards).toHaveLength(2);
    const [ongoing, resolved] = cards;
    expect(ongoing).toContain("Polymarket trades: requests failed");
    expect(ongoing).toMatch(/badge-no[^>]*>.*?Ongoing/);
    expect(ongoing).toContain("5 min so far");
    expect(resolved).toContain("Polymarket markets feed: requests failed");
    expect(resolved).toMatch(/badge-yes[^>]*><svg[^>]*data-icon="check"/);
    expect(resolved).toContain("API error: 500, status 500");
    expect(resolved).toContain("10:00 UTC");
    expect(resolved).toContain("11:00 UTC");
    expect(resolved).toContain(">1 h<");
  });

  it("history unavailable: both sections say so instead of figures", () => {
    for (const html of [
      renderToString(<IncidentList history={null} />),
      renderToString(<UpstreamSection history={null} />),
    ]) {
      expect(html).toContain("History unavailable");
      expect(html).not.toContain('data-testid="incident"');
    }
  });

  it("upstream rows: uptime with its counts, call time, state; no checks yet where none", () => {
    const html = text(renderToString(<UpstreamSection history={history} />));
    expect(html).toContain('data-testid="uptime-gamma-24h">75.00%<');
    expect(html).toContain("3 of 4 checks");
    expect(html).toContain("410 ms");
    expect(html).toContain('data-testid="uptime-llm-24h">no checks yet<');
    expect(html).toContain("No checks yet");
  });

  it("the model's row: when it was last asked, a visitor's ask and analyses kept while current said in words", () => {
    const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * MINUTE).toISOString();
    const row = (model: Parameters<typeof UpstreamSection>[0]["model"]) => {
      const html = text(renderToString(<UpstreamSection history={history} model={model} />));
      return html.slice(html.indexOf('data-testid="upstream-llm"'));
    };
    // Never checked by a cron; a visitor's refresh asked it 30 minutes ago and the latest refresh kept all 20.
    const kept = row({ askedAt: iso(30), refreshedAt: iso(10), analyses: 20 });
    expect(kept).toContain('data-testid="last-asked-llm">11:30 UTC<');
    expect(kept).toContain(
      "Last asked at 11:30 UTC by a visitor's refresh, which records no check. Not asked at 11:50 UTC: its 20 analyses were still current.",
    );
    expect(kept).not.toContain("never");
    // Asked by the latest refresh (a visitor's: no check): only that is said.
    const asked = row({ askedAt: iso(10), refreshedAt: iso(10), analyses: 20 });
    expect(asked).toContain(">Last asked at 11:50 UTC by a visitor's refresh, which records no check.</p>");
    // No key: never asked, no analyses.
    expect(row({ askedAt: null, refreshedAt: iso(10), analyses: 0 })).toContain(
      'data-testid="last-asked-llm">never<',
    );
  });
});
