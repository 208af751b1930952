/** The sentiment-analysis page's aggregates of one market snapshot, event by event (pure). */
import { mentionTotal } from "../mentions";
import { eventCounts, sentimentTone } from "../sentiment";
import type { DisplayEvent, EventCall, MarketSnapshot, MentionsSource } from "../types";
import {
  byVolumeThenId,
  type EventSummary,
  finite,
  INSIGHT_LIST_LENGTH,
  type PageProvenance,
  pageProvenance,
  summarise,
} from "./shared";

export interface TopicMentions {
  /** The X query the count belongs to (`mentions.query`). */
  topic: string;
  mentions: number;
  trending: boolean;
  source: MentionsSource;
  /** Events in the snapshot whose count is of this query (and so share it). */
  eventCount: number;
  /** The topic's highest-volume event, shown as its row. */
  lead: DisplayEvent;
}

/**
 * Most-mentioned events, one row per query counted. X is asked once per event, about the query derived
 * from its title (SPEC §5), so an event's siblings never repeat its count; but two events can still give
 * one query (every bitcoin title gives "Bitcoin"), and listing both would show one count twice. Grouping
 * by the query each card carries says what was actually counted.
 */
export function mostMentioned(events: readonly DisplayEvent[], limit = INSIGHT_LIST_LENGTH): TopicMentions[] {
  const groups = new Map<string, TopicMentions>();
  for (const event of [...events].sort(byVolumeThenId)) {
    const topic = event.mentions.query;
    const count = finite(event.mentions.count);
    const group = groups.get(topic);
    if (group) {
      group.eventCount += 1;
      group.mentions = Math.max(group.mentions, count);
      group.trending ||= event.mentions.trending;
      if (event.mentions.source === "estimated") group.source = "estimated";
    } else {
      // Sorted by volume, so the first event of a topic is its lead.
      groups.set(topic, {
        topic,
        mentions: count,
        trending: event.mentions.trending,
        source: event.mentions.source,
        eventCount: 1,
        lead: event,
      });
    }
  }
  return [...groups.values()]
    .filter((g) => g.mentions > 0)
    .sort((a, b) => b.mentions - a.mentions || byVolumeThenId(a.lead, b.lead))
    .slice(0, limit);
}

/**
 * The events of one tone, strongest forecast score first (then confidence, volume, id). Only that tone
 * (SPEC §4: score beyond ±20), so an event without a call (its small seeded score, −5..5) never lands in
 * the bullish or bearish list.
 */
function strongest(events: readonly DisplayEvent[], tone: "positive" | "negative", limit: number) {
  const sign = tone === "positive" ? 1 : -1;
  return events
    .filter((e) => sentimentTone(finite(e.forecast.score)) === tone)
    .sort(
      (a, b) =>
        sign * (b.forecast.score - a.forecast.score) ||
        b.forecast.confidence - a.forecast.confidence ||
        byVolumeThenId(a, b),
    )
    .slice(0, limit);
}

/** Highest forecast scores first, among events of positive tone only. */
export function mostBullish(events: readonly DisplayEvent[], limit = INSIGHT_LIST_LENGTH): DisplayEvent[] {
  return strongest(events, "positive", limit);
}

/** Lowest forecast scores first, among events of negative tone only. */
export function mostBearish(events: readonly DisplayEvent[], limit = INSIGHT_LIST_LENGTH): DisplayEvent[] {
  return strongest(events, "negative", limit);
}

export interface ConfidenceBucket {
  /** "50–59%" etc. */
  label: string;
  /** Inclusive lower bound, percent. */
  min: number;
  /** Inclusive upper bound, percent. */
  max: number;
  count: number;
}

// Ten-point buckets where forecasts actually fall (estimates are 50..90); below 50 is one bucket.
const CONFIDENCE_BOUNDS: ReadonlyArray<readonly [number, number]> = [
  [0, 49],
  [50, 59],
  [60, 69],
  [70, 79],
  [80, 89],
  [90, 100],
];

/** How many events' forecasts fall in each confidence bucket (confidence rounded to a whole percent). */
export function confidenceDistribution(events: readonly DisplayEvent[]): ConfidenceBucket[] {
  const buckets = CONFIDENCE_BOUNDS.map(([min, max]) => ({
    label: min === 0 ? "Below 50%" : `${min}–${max}%`,
    min,
    max,
    count: 0,
  }));
  for (const event of events) {
    const confidence = Math.min(100, Math.max(0, Math.round(finite(event.forecast.confidence))));
    const bucket = buckets.find((b) => confidence >= b.min && confidence <= b.max);
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

/** A row of the most bullish / bearish lists: the event, its forecast's score and confidence, its call. */
export interface SentimentRow {
  event: EventSummary;
  score: number;
  confidence: number;
  call: EventCall | null;
}

function sentimentRow(event: DisplayEvent): SentimentRow {
  return {
    event: summarise(event),
    score: event.forecast.score,
    confidence: event.forecast.confidence,
    call: event.forecast.call,
  };
}

export interface SentimentInsights {
  provenance: PageProvenance;
  eventCount: number;
  /** Each distinct query's count once (the snapshot's total, as the dashboard shows it). */
  totalMentions: number;
  /** The distinct queries that total adds up. */
  queryCount: number;
  topicCount: number;
  trendingTopicCount: number;
  topics: Array<Omit<TopicMentions, "lead"> & { lead: EventSummary }>;
  bullishCount: number;
  bearishCount: number;
  neutralCount: number;
  averageConfidence: number;
  /** Events forecast by the model rather than estimated. */
  modelAnalysed: number;
  confidence: ConfidenceBucket[];
  mostBullish: SentimentRow[];
  mostBearish: SentimentRow[];
}

/** Everything the sentiment-analysis page shows, from one snapshot's event cards. */
export function sentimentInsights(snapshot: MarketSnapshot, now: number): SentimentInsights {
  const { events } = snapshot;
  const counts = eventCounts(events);
  const allTopics = mostMentioned(events, Number.POSITIVE_INFINITY);
  const mentions = mentionTotal(events);
  return {
    provenance: pageProvenance(snapshot, now),
    eventCount: events.length,
    totalMentions: mentions.total,
    queryCount: mentions.queries,
    topicCount: allTopics.length,
    trendingTopicCount: allTopics.filter((t) => t.trending).length,
    topics: allTopics.slice(0, INSIGHT_LIST_LENGTH).map((t) => ({ ...t, lead: summarise(t.lead) })),
    bullishCount: counts.bullish,
    bearishCount: counts.bearish,
    neutralCount: counts.neutral,
    averageConfidence: counts.averageConfidence,
    modelAnalysed: counts.modelAnalysed,
    confidence: confidenceDistribution(events),
    mostBullish: mostBullish(events).map(sentimentRow),
    mostBearish: mostBearish(events).map(sentimentRow),
  };
}
