/** Deterministic substitute mention counts (SPEC §9 "Substitute mentions"), labelled "estimated". */

import { fnv1a } from "~/lib/hash";
import type { MentionCount } from "~/lib/types";

/** Inclusive range of a substitute count. */
export interface MentionRange {
  min: number;
  max: number;
}

// SPEC §9; the topic keywords are the ones deriveKeyword produces. "Trump 2024" has no range of
// its own in the SPEC, so it takes the default.
const TOPIC_RANGES: Readonly<Record<string, MentionRange>> = {
  bitcoin: { min: 2000, max: 5000 },
  "election 2024": { min: 3000, max: 8000 },
  "ai technology": { min: 1500, max: 3500 },
};
const DEFAULT_RANGE: MentionRange = { min: 300, max: 1500 };

/** The SPEC §9 range for a keyword (topic keywords compared case-insensitively). */
export function mentionRange(keyword: string): MentionRange {
  return TOPIC_RANGES[keyword.trim().toLowerCase()] ?? DEFAULT_RANGE;
}

/**
 * A substitute count: min + FNV-1a(keyword) mod (max − min + 1), so it is stable per keyword.
 * Trending when the value lies in the upper third of its range. Always source "estimated".
 */
export function estimateMentions(keyword: string): MentionCount {
  const { min, max } = mentionRange(keyword);
  const span = max - min;
  const mentions = min + (fnv1a(keyword) % (span + 1));
  return {
    keyword,
    mentions,
    trending: mentions - min >= Math.ceil((span * 2) / 3),
    source: "estimated",
  };
}
