/**
 * Trading-signals sample content (SPEC §1: "figures such as … 89% win rate are mock content").
 * Nothing here is a result: the page labels every block 'Sample data'. The markets are the three
 * built-in sample markets, so no real market is attached to an invented signal.
 */

export type SignalType = "BUY_YES" | "BUY_NO";

export interface SampleStat {
  label: string;
  value: string;
  detail: string;
}

export const SAMPLE_PERFORMANCE: readonly SampleStat[] = [
  { label: "Win rate", value: "89%", detail: "Share of closed signals that hit their target" },
  { label: "Average return", value: "+23.4%", detail: "Per closed signal, entry to exit" },
  { label: "Signals issued", value: "1,247", detail: "Since launch" },
  { label: "Active signals", value: "12", detail: "Open now" },
];

export interface SampleMonth {
  month: string;
  /** Percent of signals that hit their target that month. */
  winRate: number;
  signals: number;
}

export const SAMPLE_MONTHLY: readonly SampleMonth[] = [
  { month: "Aug 2024", winRate: 84, signals: 96 },
  { month: "Sep 2024", winRate: 87, signals: 104 },
  { month: "Oct 2024", winRate: 91, signals: 131 },
  { month: "Nov 2024", winRate: 93, signals: 158 },
  { month: "Dec 2024", winRate: 88, signals: 117 },
];

/** SPEC §3 planned signal shape, with the market's title for display. Prices are 0..1. */
export interface SampleSignal {
  id: string;
  marketId: string;
  marketTitle: string;
  type: SignalType;
  /** Percent. */
  confidence: number;
  entryPrice: number;
  targetPrice: number;
  stopLoss: number;
  createdAt: string;
}

export const SAMPLE_ACTIVE_SIGNALS: readonly SampleSignal[] = [
  {
    id: "sig-sample-101",
    marketId: "sample-bitcoin-100k",
    marketTitle: "Will Bitcoin reach $100k?",
    type: "BUY_YES",
    confidence: 78,
    entryPrice: 0.64,
    targetPrice: 0.75,
    stopLoss: 0.58,
    createdAt: "2025-01-15T14:00:00Z",
  },
  {
    id: "sig-sample-102",
    marketId: "sample-russia-ukraine-ceasefire",
    marketTitle: "Russia x Ukraine ceasefire in 2025?",
    type: "BUY_NO",
    confidence: 71,
    entryPrice: 0.77,
    targetPrice: 0.85,
    stopLoss: 0.72,
    createdAt: "2025-01-14T09:30:00Z",
  },
  {
    id: "sig-sample-103",
    marketId: "sample-agi-by-2030",
    marketTitle: "Will AGI be achieved by 2030?",
    type: "BUY_NO",
    confidence: 66,
    entryPrice: 0.69,
    targetPrice: 0.78,
    stopLoss: 0.63,
    createdAt: "2025-01-13T18:45:00Z",
  },
];

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

export interface SampleClosedSignal {
  id: string;
  marketTitle: string;
  type: SignalType;
  entryPrice: number;
  exitPrice: number;
  /** Percent return, signed. */
  returnPercent: number;
  outcome: "Target hit" | "Stopped out";
  closedAt: string;
}

export const SAMPLE_HISTORY: readonly SampleClosedSignal[] = [
  {
    id: "sig-sample-091",
    marketTitle: "Will Bitcoin reach $100k?",
    type: "BUY_YES",
    entryPrice: 0.52,
    exitPrice: 0.63,
    returnPercent: 21.2,
    outcome: "Target hit",
    closedAt: "2025-01-10T16:00:00Z",
  },
  {
    id: "sig-sample-087",
    marketTitle: "Russia x Ukraine ceasefire in 2025?",
    type: "BUY_NO",
    entryPrice: 0.7,
    exitPrice: 0.79,
    returnPercent: 12.9,
    outcome: "Target hit",
    closedAt: "2025-01-06T11:30:00Z",
  },
  {
    id: "sig-sample-082",
    marketTitle: "Will AGI be achieved by 2030?",
    type: "BUY_YES",
    entryPrice: 0.35,
    exitPrice: 0.31,
    returnPercent: -11.4,
    outcome: "Stopped out",
    closedAt: "2025-01-02T09:15:00Z",
  },
];
