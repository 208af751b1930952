/** The one wording of where figures came from. */
import { describe, expect, it } from "vitest";
import { analysisProvenance, mixProvenance, modelOf, provenanceText } from "~/lib/provenance";

describe("provenanceText", () => {
  it("says each kind of figure's source the same way everywhere", () => {
    expect(provenanceText("markets", { kind: "live", by: "Polymarket", at: "2026-11-22T12:00:00Z" })).toBe(
      "Markets: live from Polymarket",
    );
    expect(provenanceText("markets", { kind: "cached", by: "Polymarket", at: "2026-11-22T12:00:00Z" })).toBe(
      "Markets: from Polymarket, cached at 12:00 UTC",
    );
    expect(provenanceText("markets", { kind: "sample" })).toBe("Markets: sample data");
    // The whale list says it is trades, not markets (the status page's pipeline card).
    expect(provenanceText("trades", { kind: "live", by: "Polymarket", at: "2026-11-22T12:00:00Z" })).toBe(
      "Trades: live from Polymarket",
    );
    expect(provenanceText("mentions", { kind: "estimated", method: "topic baselines" })).toBe(
      "X mentions: estimated from topic baselines",
    );
    expect(
      provenanceText("mentions", {
        kind: "partial",
        by: "the X API",
        share: 0.51,
        method: "topic baselines",
      }),
    ).toBe("X mentions: live from the X API for 51%, estimated for the rest");
  });

  it("names a model once, never 'model model'", () => {
    const text = provenanceText("sentiment", { kind: "live", by: "mock-model" });
    expect(text).toBe("Sentiment: AI analysis by mock-model");
    expect(text).not.toMatch(/model model/);
  });
});

describe("mixing live and estimated figures", () => {
  it("is live, partial with its share, or estimated", () => {
    const at = "2026-11-22T12:00:00Z";
    expect(mixProvenance(3, 3, "grok-4", at, "24h price moves")).toEqual({ kind: "live", by: "grok-4", at });
    expect(mixProvenance(1, 4, "grok-4", at, "24h price moves")).toEqual({
      kind: "partial",
      by: "grok-4",
      share: 0.25,
      method: "24h price moves",
    });
    expect(mixProvenance(0, 4, "grok-4", at, "24h price moves")).toEqual({
      kind: "estimated",
      method: "24h price moves",
    });
    expect(mixProvenance(0, 0, "grok-4", at, "24h price moves").kind).toBe("estimated");
  });

  it("reads the model behind a provenance, and one analysis's source", () => {
    expect(modelOf({ kind: "partial", by: "grok-4", share: 0.5, method: "x" })).toBe("grok-4");
    expect(modelOf({ kind: "estimated", method: "x" })).toBeNull();
    expect(analysisProvenance("estimated")).toEqual({ kind: "estimated", method: "24h price moves" });
    expect(analysisProvenance("grok-4")).toEqual({ kind: "live", by: "grok-4" });
  });
});
