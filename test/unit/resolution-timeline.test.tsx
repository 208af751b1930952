/**
 * The event page's resolution section as rendered (renderToString): the lines it says without a timeline
 * (still trading, ended), the Data API's note, markets beyond the listed 20, the resolution source as a link
 * or as words; a timeline's steps from the recorded proposal (the worker tests render the rest in the page).
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { marketResolution } from "~/.server/market/resolutions";
import { parseResolutionRow, parseV2Page } from "~/.server/polymarket/data-v2";
import { normaliseGammaMarket } from "~/.server/polymarket/gamma-markets";
import { NO_PROPOSAL, NO_PROPOSAL_ENDED, ResolutionTimeline } from "~/components/event/resolution-timeline";
import type { EventResolutions } from "~/lib/event-page";
import { readFixture } from "../support/fixtures";

const NOW = Date.parse("2026-09-29T18:00:00Z");
const render = (data: EventResolutions, ended = false) =>
  renderToString(<ResolutionTimeline data={data} now={NOW} ended={ended} />)
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
/** The words as read, without the markup. */
const text = (html: string) => html.replace(/<[^>]+>/g, "");
const none: EventResolutions = { rows: [], more: 0, source: null, note: null };

describe("the resolution section", () => {
  it("without a market beyond open: trading, or ended, with nothing proposed", () => {
    expect(render(none)).toContain(NO_PROPOSAL);
    expect(render(none, true)).toContain(NO_PROPOSAL_ENDED);
    expect(text(render(none))).toContain("Resolution source: not given (see the rules)");
  });

  it("the source as a link only when it is an https URL; the note; the markets not listed", () => {
    const linked = render({
      ...none,
      source: "https://www.oscars.org/",
      note: "The Data API failed.",
      more: 3,
    });
    expect(linked).toMatch(/<a [^>]*href="https:\/\/www.oscars.org\/"/);
    expect(linked).toContain("The Data API failed.");
    expect(linked).toContain("And 3 more markets beyond trading (see each market's page).");
    expect(text(render({ ...none, source: "official government sources" }))).toContain(
      "Resolution source: official government sources",
    );
  });

  it("a recorded proposal: its steps, the current one marked, with the answer, when and the final time", () => {
    const [raw] = readFixture<unknown[]>("polymarket/gamma-markets-uma-proposed-disputed-13.json");
    const market = normaliseGammaMarket(raw);
    if (!market) throw new Error("the recorded market did not parse");
    const v2 = parseV2Page(
      readFixture("polymarket-data-v2/polyoxide__v2_resolutions_pending_disputed_proposed.json"),
      parseResolutionRow,
    ).rows.find((r) => r.state === "proposed");
    const html = render({
      ...none,
      rows: [
        {
          marketId: market.id,
          marketSlug: market.slug,
          label: "Margin",
          resolution: marketResolution(market, v2 ?? null),
        },
      ],
    });
    expect(html).toContain('data-state="proposed"');
    expect(html).toMatch(
      /aria-current="step"[^>]*>.*?Answer proposed.*?answer Yes · at 17:50 UTC · final at 19:50 UTC unless disputed/,
    );
    expect(html).toContain("Proposed: Yes · final at 19:50 UTC unless disputed");
    expect(html).not.toContain("Disputed: UMA vote");
  });
});
