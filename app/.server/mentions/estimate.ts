/** Deterministic substitute mention counts (SPEC §9 "Substitute mentions"), labelled "estimated". */

import { fnv1a } from "~/lib/hash";
import type { MentionCount } from "~/lib/types";

/** Inclusive range of a substitute count. */
export interface MentionRange {
  min: number;
  max: number;
}

// SPEC §9. Its "Election 2024" range is every election topic's: deriveKeyword names elections by their
// own year and kind ("2028 presidential election"), and each of them is as busy a topic as the SPEC's.
const TOPIC_RANGES: Readonly<Record<string, MentionRange>> = {
  bitcoin: { min: 2000, max: 5000 },
  "ai technology": { min: 1500, max: 3500 },
};
const ELECTION_RANGE: MentionRange = { min: 3000, max: 8000 };
const DEFAULT_RANGE: MentionRange = { min: 300, max: 1500 };

/** The SPEC §9 range for a keyword (topic keywords compared case-insensitively; any election's is the election range). */
export function mentionRange(keyword: string): MentionRange {
  if (/\belections?\b/i.test(keyword)) return ELECTION_RANGE;
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
