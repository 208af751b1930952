/**
 * How a market resolves, pure: UMA's steps as Gamma (`umaResolutionStatus`, the `umaResolutionStatuses`
 * history) and the Data API v2 (`/v2/resolutions`: when, the proposed answer, when it becomes final) report
 * them. Open → proposed (an answer waits out its challenge window) → disputed (UMA's token holders vote, 48–72
 * hours) → resolved (final). Only "resolved" is final: the track record grades nothing before it.
 */
import { formatClockUtc } from "./format";

export type ResolutionState = "open" | "proposed" | "disputed" | "resolved";

/** UMA's challenge window on Polymarket's proposals when the upstream gives no end: two hours. */
export const CHALLENGE_WINDOW_MS = 2 * 3_600_000;
/** How long UMA's vote takes, as said on the page. */
export const VOTE_WORDS = "48–72 hours";

const STATE_OF: Record<string, ResolutionState> = {
  active: "open",
  posed: "open",
  requested: "open",
  proposed: "proposed",
  disputed: "disputed",
  resolved: "resolved",
  settled: "resolved",
};

/** A status word from Gamma or v2 as a state, null for one we do not know. */
export function resolutionStateOf(status: string | null | undefined): ResolutionState | null {
  return status ? (STATE_OF[status.trim().toLowerCase()] ?? null) : null;
}

/** Gamma's `umaResolutionStatuses` (a JSON array sent as text, or an array) as a list; anything else is none. */
export function statusHistoryOf(raw: unknown): string[] {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
}

/** What the Data API v2 (`/v2/resolutions`) says of one market's resolution. */
export interface UmaResolution {
  state: ResolutionState;
  wasDisputed: boolean;
  /** The proposed answer as the first outcome's payout, 0–1 (1: the first outcome; 0.5: a 50-50), null when none. */
  proposed: number | null;
  /** Epoch milliseconds of the last change. */
  updatedAt: number | null;
  /** When the proposal becomes final unless disputed, or the vote's expected end (epoch ms). */
  expectedFinalAt: number | null;
  resolvedAt: number | null;
  /** Each outcome's share of the payout, 0–1 (resolved markets). */
  payouts: readonly number[];
}

/** What the upstreams say of one market's resolution. */
export interface ResolutionFacts {
  /** Gamma's `umaResolutionStatus`. */
  status: string | null;
  /** Gamma's `umaResolutionStatuses`: every status it went through, oldest first. */
  history: readonly string[];
  /** The outcome labels, in order (the proposed price 1 names the first, 0 the second). */
  outcomes: readonly string[];
  /** From `/v2/resolutions`, where asked. */
  v2?: UmaResolution | null;
  /** The outcomes' prices, 0–1: a resolved market's final answer where v2 was not asked (exactly 1 wins). */
  prices?: readonly number[];
}

export interface ResolutionStep {
  state: ResolutionState;
  label: string;
  /** Reached (or, for the current step, in progress). */
  reached: boolean;
  current: boolean;
  /** Epoch ms when known. */
  at: number | null;
}

export interface Resolution {
  state: ResolutionState;
  /** The proposed (or, resolved, the final) answer in words: an outcome's label or "50-50". */
  answer: string | null;
  /** When a proposal becomes final unless disputed, or the vote's expected end. */
  finalAt: number | null;
  /** A proposal was disputed at some point (a later proposal may be pending). */
  wasDisputed: boolean;
  steps: ResolutionStep[];
}

function answerOf(price: number | null, outcomes: readonly string[]): string | null {
  if (price === null) return null;
  if (price === 1) return outcomes[0] ?? "Yes";
  if (price === 0) return outcomes[1] ?? "No";
  if (price === 0.5) return "50-50";
  return null;
}

function finalAnswer(payouts: readonly number[], outcomes: readonly string[]): string | null {
  if (payouts.length === 0) return null;
  const winner = payouts.indexOf(1);
  if (winner >= 0) return outcomes[winner] ?? null;
  return payouts.every((p) => p === payouts[0]) ? "50-50" : null;
}

/** The market's resolution: v2's state where asked (it is the newer), else Gamma's. */
export function resolutionOf(facts: ResolutionFacts): Resolution {
  const v2 = facts.v2 ?? null;
  const state: ResolutionState = v2?.state ?? resolutionStateOf(facts.status) ?? "open";
  const wasDisputed =
    state === "disputed" ||
    (v2?.wasDisputed ?? false) ||
    facts.history.some((s) => resolutionStateOf(s) === "disputed");
  const proposedAt = state === "proposed" ? (v2?.updatedAt ?? null) : null;
  const finalAt =
    state === "proposed"
      ? (v2?.expectedFinalAt ?? (proposedAt !== null ? proposedAt + CHALLENGE_WINDOW_MS : null))
      : state === "disputed"
        ? (v2?.expectedFinalAt ?? null)
        : null;
  const answer =
    state === "resolved"
      ? finalAnswer(v2?.payouts.length ? v2.payouts : (facts.prices ?? []), facts.outcomes)
      : state === "proposed" || state === "disputed"
        ? answerOf(v2?.proposed ?? null, facts.outcomes)
        : null;
  const order: ResolutionState[] = ["open", "proposed", "disputed", "resolved"];
  const index = order.indexOf(state);
  const steps = order
    // A market resolved without a dispute shows no dispute step; one in dispute or disputed before does.
    .filter((s) => s !== "disputed" || wasDisputed)
    .map((s) => ({
      state: s,
      label: STEP_LABELS[s],
      reached: order.indexOf(s) <= index,
      current: s === state,
      at:
        s === "proposed" && state === "proposed"
          ? proposedAt
          : s === "resolved"
            ? (v2?.resolvedAt ?? null)
            : s === state
              ? (v2?.updatedAt ?? null)
              : null,
    }));
  return { state, answer, finalAt, wasDisputed, steps };
}

const STEP_LABELS: Record<ResolutionState, string> = {
  open: "Trading",
  proposed: "Answer proposed",
  disputed: `Disputed: UMA vote (${VOTE_WORDS})`,
  resolved: "Resolved",
};

/** The card's line: "Proposed: Yes · final at 16:02 UTC unless disputed"; null while open. */
export function resolutionLine(resolution: Resolution): string | null {
  switch (resolution.state) {
    case "open":
      return null;
    case "proposed": {
      const head = resolution.answer === null ? "Answer proposed" : `Proposed: ${resolution.answer}`;
      const final = resolution.finalAt === null ? "final" : `final at ${formatClockUtc(resolution.finalAt)}`;
      return `${head} · ${final} unless disputed`;
    }
    case "disputed":
      return `Disputed: UMA's vote decides (${VOTE_WORDS})`;
    case "resolved":
      return resolution.answer === null ? "Resolved" : `Resolved: ${resolution.answer}`;
  }
}

/** What a card knows of its event's resolution (lib/schemas/event.ts `CardResolution`). */
export interface CardResolutionFacts {
  label: string | null;
  state: "proposed" | "disputed";
  answer: string | null;
  finalAt: string | null;
  others: number;
}

/**
 * The card's line: "Proposed: Yes · final at 16:02 UTC unless disputed", a multi-outcome event's market
 * named first ("Oman — Disputed: …"), "(+2 more)" when other markets are proposed or disputed too.
 */
export function cardResolutionLine(card: CardResolutionFacts): string {
  const finalAt = card.finalAt === null ? Number.NaN : Date.parse(card.finalAt);
  const line = resolutionLine({
    state: card.state,
    answer: card.answer,
    finalAt: Number.isFinite(finalAt) ? finalAt : null,
    wasDisputed: card.state === "disputed",
    steps: [],
  });
  const more = card.others > 0 ? ` (+${card.others} more)` : "";
  return `${card.label === null ? "" : `${card.label} — `}${line ?? ""}${more}`;
}

/** A state a market entered in UMA's resolution, as the minute cron saw it (the resolution alerts' input). */
export interface ResolutionChange {
  eventSlug: string;
  marketId: string;
  /** The market's question. */
  label: string;
  state: Exclude<ResolutionState, "open">;
  answer: string | null;
  /** When a proposal becomes final unless disputed, or the vote's expected end (epoch ms). */
  finalMs: number | null;
}
