/**
 * UMA's resolution followed by the minute cron inside workerd (decision 0053): the snapshot built from the
 * recorded top 100 and the recorded markets in UMA's resolution (gamma-markets-uma-proposed-disputed-13.json),
 * `/v2/resolutions` answered from the recorded rows (test/support/market-answers.ts); D1's `uma_states` (the
 * migrations applied) counted through a proxy. One call a run and only with such markets, rows written only
 * when they change; the states a market goes through; the cards' line with the Data API's answer and time.
 * The resolution alerts these states feed are in alerts-delivery.test.ts.
 */
import { env } from "cloudflare:test";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { MARKETS_CRON, WHALES_CRON } from "~/lib/refresh-cadence";
import umaMarkets from "../fixtures/polymarket/gamma-markets-uma-proposed-disputed-13.json" with {
  type: "json",
};
import v2Resolved from "../fixtures/polymarket-data-v2/adriancova__data-v2-resolutions-v2-resolved.json" with {
  type: "json",
};
import v2Pending from "../fixtures/polymarket-data-v2/polyoxide__v2_resolutions_pending_disputed_proposed.json" with {
  type: "json",
};
import { countingDb } from "./support/counting";
import { DATA, keysetHandler, recordedMarkets, upstreams } from "./support/upstreams";
import { BROWSER, testWorker, workerTest } from "./support/worker";

const t = workerTest({ tables: ["uma_states"] });

/** The recorded disputed market (statuses proposed, disputed, proposed, disputed) and its event. */
const DISPUTED = {
  id: "1328692",
  condition: "0x4605980f66bd74872dd99b9c59c757cdf8fd0d1e3ec82e15ef393e974b6f51bd",
  event: "where-will-the-us-iran-meet",
};

const resolutionRequests: URL[] = [];
upstreams.events.on("request:start", ({ request }) => {
  const url = new URL(request.url);
  if (url.pathname === "/v2/resolutions") resolutionRequests.push(url);
});

interface Row {
  condition_id: string;
  market_id: string;
  event_slug: string;
  state: string;
  answer: string | null;
  final_ms: number | null;
  was_disputed: number;
  changed_ms: number;
}
async function rows(): Promise<Row[]> {
  const { results } = await env.DB.prepare("SELECT * FROM uma_states ORDER BY market_id").all<Row>();
  return results;
}

/** Every card of the home page, ended events included (the recorded markets in resolution have ended). */
const HOME = "/?ended=show&show=100";

/** The snapshot built from the recorded top 100 with the markets in UMA's resolution among them. */
async function snapshotWithUmaMarkets(worker = t.worker): Promise<void> {
  upstreams.use(keysetHandler([...recordedMarkets, ...umaMarkets]));
  await worker.scheduled(MARKETS_CRON);
  await worker.settle();
}

async function minuteRun(worker = t.worker, at = Date.now()): Promise<void> {
  vi.setSystemTime(at);
  await worker.scheduled(WHALES_CRON, at);
  await worker.settle();
}

/** `/v2/resolutions` answering every asked condition with one recorded row (its condition id the asked one). */
function v2Answers(row: Record<string, unknown>): void {
  upstreams.use(
    http.get(`${DATA}/v2/resolutions`, ({ request }) => {
      const asked = (new URL(request.url).searchParams.get("condition") ?? "").split(",");
      return HttpResponse.json({ data: asked.map((condition_id) => ({ ...row, condition_id })) });
    }),
  );
}
const [recordedDisputed, recordedProposed] = v2Pending.data;

describe("the minute run follows UMA's resolution", () => {
  it("asks nothing while no shown market is proposed or disputed (one D1 read)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await t.worker.scheduled(MARKETS_CRON);
    await t.worker.settle();
    const d1 = countingDb(env.DB);
    const worker = testWorker({ DB: d1.db });
    resolutionRequests.length = 0;
    await minuteRun(worker);
    expect(resolutionRequests).toHaveLength(0);
    expect(d1.tally.sql.filter((sql) => sql.includes("uma_states"))).toHaveLength(1);
    expect(await rows()).toEqual([]);
  });

  it("one call for the shown markets proposed or disputed; their answers and times kept; unchanged rows not rewritten", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await snapshotWithUmaMarkets();
    const d1 = countingDb(env.DB);
    const worker = testWorker({ DB: d1.db });
    resolutionRequests.length = 0;
    const at = Date.now();
    await minuteRun(worker, at);
    expect(resolutionRequests).toHaveLength(1);
    const asked = resolutionRequests[0]?.searchParams.get("condition")?.split(",") ?? [];
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.length).toBeLessThanOrEqual(20);
    expect(asked).toContain(DISPUTED.condition);
    const kept = await rows();
    expect(kept).toHaveLength(asked.length);
    // The recorded disputed row: re-proposed 50-50, the vote expected to end Oct 2.
    expect(kept.find((r) => r.market_id === DISPUTED.id)).toMatchObject({
      event_slug: DISPUTED.event,
      state: "disputed",
      answer: "50-50",
      final_ms: Date.parse("2026-10-02T00:00:00Z"),
      was_disputed: 1,
      changed_ms: at,
    });
    // The proposed ones: the recorded proposal of the first outcome, final at 19:50:27 UTC.
    const proposed = kept.filter((r) => r.state === "proposed");
    expect(proposed.length).toBe(asked.length - 1);
    expect(proposed.every((r) => r.final_ms === Date.parse("2026-09-29T19:50:27Z"))).toBe(true);
    const uma = d1.tally.sql.filter((sql) => sql.includes("uma_states"));
    expect(uma).toHaveLength(2);
    expect(uma[1]).toContain("INSERT INTO uma_states");

    // The next minute: the same answers, one call, one read, no write.
    d1.tally.sql.length = 0;
    await minuteRun(worker, at + 60_000);
    expect(resolutionRequests).toHaveLength(2);
    expect(d1.tally.sql.filter((sql) => sql.includes("uma_states"))).toEqual([
      expect.stringContaining("SELECT * FROM uma_states"),
    ]);
    expect((await rows()).map((r) => r.changed_ms)).toEqual(kept.map((r) => r.changed_ms));
  });

  it("the Data API failing: Gamma's states kept without answers, and the cards say the state without a time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await snapshotWithUmaMarkets();
    upstreams.use(
      http.get(`${DATA}/v2/resolutions`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    await minuteRun();
    const kept = await rows();
    expect(kept.find((r) => r.market_id === DISPUTED.id)).toMatchObject({ state: "disputed", answer: null });
    const home = await (await t.worker.fetch(HOME, { headers: BROWSER })).text();
    expect(home).toContain("Disputed: UMA&#x27;s vote decides (48–72 hours)");
    expect(home).not.toMatch(/Proposed: [^<]* · final at/);
  });

  it("the Data API failing after it answered: the kept answers and times stay, nothing is written", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await snapshotWithUmaMarkets();
    const d1 = countingDb(env.DB);
    const worker = testWorker({ DB: d1.db });
    const at = Date.now();
    await minuteRun(worker, at);
    const kept = await rows();
    expect(kept.find((r) => r.market_id === DISPUTED.id)?.answer).toBe("50-50");
    upstreams.use(
      http.get(`${DATA}/v2/resolutions`, () => HttpResponse.json({ error: "down" }, { status: 500 })),
    );
    d1.tally.sql.length = 0;
    await minuteRun(worker, at + 60_000);
    expect(await rows()).toEqual(kept);
    expect(d1.tally.sql.filter((sql) => sql.includes("INSERT INTO uma_states"))).toEqual([]);
  });

  it("the cards: the Data API's answer and final time once the minute run has them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await snapshotWithUmaMarkets();
    const before = await (await t.worker.fetch(HOME, { headers: BROWSER })).text();
    expect(before).toContain('data-testid="card-resolution"');
    expect(before).not.toContain("final at 19:50 UTC");
    await minuteRun();
    const after = await (await testWorker().fetch(HOME, { headers: BROWSER })).text();
    expect(after).toMatch(/Proposed: [^<·]+ · final at 19:50 UTC unless disputed/);
  });
});

describe("a market's states over runs", () => {
  it("proposed, disputed, resolved: each kept when entered; a resolved market is not asked again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await snapshotWithUmaMarkets();
    let at = Date.now();
    v2Answers(recordedProposed as Record<string, unknown>);
    await minuteRun(t.worker, at);
    expect((await rows()).find((r) => r.market_id === DISPUTED.id)?.state).toBe("proposed");
    v2Answers(recordedDisputed as Record<string, unknown>);
    at += 60_000;
    await minuteRun(t.worker, at);
    expect((await rows()).find((r) => r.market_id === DISPUTED.id)).toMatchObject({
      state: "disputed",
      changed_ms: at,
    });
    v2Answers(v2Resolved.data[0] as Record<string, unknown>);
    at += 60_000;
    await minuteRun(t.worker, at);
    const resolved = (await rows()).find((r) => r.market_id === DISPUTED.id);
    expect(resolved).toMatchObject({ state: "resolved", changed_ms: at, was_disputed: 1 });
    // Resolved is final: not asked again, though Gamma's snapshot still says disputed.
    resolutionRequests.length = 0;
    await minuteRun(t.worker, at + 60_000);
    const again = resolutionRequests[0]?.searchParams.get("condition")?.split(",") ?? [];
    expect(again).not.toContain(DISPUTED.condition);
  });
});
