/**
 * The event page's resolution timeline inside workerd, against recorded payloads: the Gamma markets in UMA's
 * resolution (gamma-markets-uma-proposed-disputed-13.json) under their events, the Data API v2's recorded
 * resolution rows (test/support/market-answers.ts), a resolved market of a recorded event, an open event;
 * the Data API failing; the answer kept.
 */
import { describe, expect, it } from "vitest";
import { HISTORY_EVENT_SLUG } from "../support/market-answers";
import { failing, upstreams } from "./support/upstreams";
import { BROWSER, workerTest } from "./support/worker";

/** One market, disputed twice (statuses proposed, disputed, proposed, disputed). */
const DISPUTED_SLUG = "where-will-the-us-iran-meet";
/** Three markets proposed (a tennis match: set winner, two games totals). */
const PROPOSED_SLUG = "wta-frech-zvonare-2026-02-07";
/** An event of the recorded top 100 still trading: no market beyond open. */
const OPEN_SLUG = "2026-nhl-stanley-cup-champion";
/** One whose markets have ended (in 2025, as replayed), no answer proposed yet. */
const ENDED_SLUG = "how-many-people-will-trump-deport-in-2025";

const t = workerTest({ tables: ["whale_trades", "markets"], kvPrefixes: ["market:", "event:"] });

/** Every `/v2/resolutions` request the Worker made while `run` ran. */
async function resolutionRequests<T>(run: () => Promise<T>): Promise<{ result: T; asked: URL[] }> {
  const asked: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname === "/v2/resolutions") asked.push(url);
  };
  upstreams.events.on("request:start", listener);
  try {
    return { result: await run(), asked };
  } finally {
    upstreams.events.removeListener("request:start", listener);
  }
}

async function page(slug: string): Promise<{ status: number; html: string }> {
  const response = await t.worker.fetch(`/event/${slug}`, { headers: BROWSER });
  return { status: response.status, html: await response.text() };
}

/** The resolution section's content, rendered in place or streamed in after the shell. */
function section(html: string): string {
  expect(html).toContain('data-testid="section-resolution"');
  const start = html.indexOf('data-testid="event-resolution"');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("Resolution source: ", start) + 300);
}

describe("the resolution timeline", () => {
  it("a disputed market: the dispute step is current, with the proposed answer and the vote's expected end", async () => {
    const { result, asked } = await resolutionRequests(() => page(DISPUTED_SLUG));
    expect(result.status).toBe(200);
    const html = section(result.html);
    expect(html).toContain('data-state="disputed"');
    expect(html).toContain("Disputed: UMA&#x27;s vote decides (48–72 hours)");
    // The current step, marked for assistive technology, with the re-proposed answer (0.5: 50-50).
    expect(html).toMatch(/aria-current="step"[^>]*>.*?Disputed: UMA vote \(48–72 hours\)/);
    expect(html).toMatch(/50-50 was proposed · vote expected to end Oct 2, (2026, )?00:00 UTC/);
    expect(html).toContain("Answer proposed");
    // One call for the one condition.
    expect(asked.map(String)).toHaveLength(1);
    expect(asked[0]?.searchParams.get("condition")).toBe(
      "0x4605980f66bd74872dd99b9c59c757cdf8fd0d1e3ec82e15ef393e974b6f51bd",
    );
  });

  it("proposed markets: the card's words, the answer, when, and the final time; one call for all three", async () => {
    const { result, asked } = await resolutionRequests(() => page(PROPOSED_SLUG));
    expect(result.status).toBe(200);
    const html = section(result.html);
    expect(html.match(/data-testid="resolution-market"/g)).toHaveLength(3);
    expect(html.match(/data-state="proposed"/g)).toHaveLength(3);
    // The recorded proposal: price 1 (the first outcome), proposed 17:50:27, final 19:50:27 UTC.
    expect(html).toContain("Proposed: Frech · final at 19:50 UTC unless disputed");
    expect(html).toContain("Proposed: Over · final at 19:50 UTC unless disputed");
    expect(html).toMatch(/answer Frech · at Sep 29, (2026, )?17:50 UTC · final at 19:50 UTC unless disputed/);
    // No dispute step for a market never disputed.
    expect(html).not.toContain("Disputed: UMA vote");
    expect(asked).toHaveLength(1);
    expect(asked[0]?.searchParams.get("condition")?.split(",")).toHaveLength(3);
    // Kept under the event's slug: a second view asks nothing.
    await t.worker.settle();
    const again = await resolutionRequests(() => page(PROPOSED_SLUG));
    expect(section(again.result.html)).toContain("Proposed: Frech");
    expect(again.asked).toHaveLength(0);
  });

  it("a resolved market that was disputed: Gamma's final answer and the dispute it went through, no call", async () => {
    const { result, asked } = await resolutionRequests(() => page(HISTORY_EVENT_SLUG));
    expect(result.status).toBe(200);
    const html = section(result.html);
    expect(html).toContain('data-state="resolved"');
    // Recorded prices 0 and 1: the second outcome won; its statuses went proposed, disputed twice.
    expect(html).toContain("Resolved: No");
    expect(html).toMatch(/✓ <\/span><span>Disputed: UMA vote \(48–72 hours\)/);
    expect(asked).toHaveLength(0);
  });

  it("an open event, and one that has ended: one line each, no timeline, no call", async () => {
    const { result, asked } = await resolutionRequests(() => page(OPEN_SLUG));
    const html = section(result.html);
    expect(html).toContain("Trading: no answer proposed yet.");
    expect(html).not.toContain('data-testid="resolution-market"');
    const ended = await resolutionRequests(() => page(ENDED_SLUG));
    expect(section(ended.result.html)).toContain("Trading has ended: no answer proposed yet.");
    expect([...asked, ...ended.asked]).toHaveLength(0);
  });

  it("the Data API failing: Gamma's state without times, said so; the page is 200", async () => {
    upstreams.use(failing("data", "http-500", "/v2/resolutions"));
    const { result, asked } = await resolutionRequests(() => page(PROPOSED_SLUG));
    expect(result.status).toBe(200);
    const html = section(result.html);
    expect(asked).toHaveLength(1);
    expect(html).toContain("Polymarket&#x27;s resolution details are unavailable right now");
    expect(html.match(/data-state="proposed"/g)).toHaveLength(3);
    expect(html).toContain("Answer proposed · final unless disputed");
    expect(html).not.toContain("19:50 UTC");
  });
});
