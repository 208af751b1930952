/**
 * Trading-signals sample content (SPEC §1: mock content). The open calls and the performance figures
 * on /trading-signals are real (the track record); only these alerts are still examples, and
 * the page labels them 'Sample data'. They name the three built-in sample markets, so no real market
 * is attached to an invented alert.
 */

export interface SampleAlert {
  id: string;
  title: string;
  text: string;
  /** "price" | "sentiment" | "whale": what triggered it. */
  kind: "price" | "sentiment" | "whale";
  at: string;
}

export const SAMPLE_ALERTS: readonly SampleAlert[] = [
  {
    id: "alert-sample-1",
    title: "Price move",
    text: "Will Bitcoin reach $100k? Yes moved 6 points in one hour.",
    kind: "price",
    at: "2025-01-15T13:10:00Z",
  },
  {
    id: "alert-sample-2",
    title: "Sentiment flip",
    text: "Will AGI be achieved by 2030? sentiment turned from neutral to bearish.",
    kind: "sentiment",
    at: "2025-01-15T08:25:00Z",
  },
  {
    id: "alert-sample-3",
    title: "Whale trade",
    text: "Russia x Ukraine ceasefire in 2025? a $120K No position was opened.",
    kind: "whale",
    at: "2025-01-14T22:05:00Z",
  },
];
