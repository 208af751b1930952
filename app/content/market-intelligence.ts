/**
 * Market-intelligence content that has no source in the snapshot yet (risk model, forecasts).
 * The page labels it 'Sample data'; the real figures of that page come from `app/lib/insights/market-intelligence.ts`.
 */

export type RiskLevel = "Low" | "Medium" | "High";

export interface SampleRiskIndicator {
  name: string;
  level: RiskLevel;
  text: string;
}

export const SAMPLE_RISK_INDICATORS: readonly SampleRiskIndicator[] = [
  { name: "Volatility", level: "Medium", text: "How far prices swing within a day across tracked markets." },
  { name: "Liquidity", level: "Low", text: "How easily a $10K order fills without moving the price." },
  { name: "Correlation", level: "High", text: "How many open markets hinge on the same underlying event." },
];

export interface SampleForecast {
  marketTitle: string;
  /** Market price of Yes, percent. */
  marketPrice: number;
  /** Model forecast of Yes, percent. */
  forecast: number;
  horizon: string;
}

// The built-in sample markets (SPEC §8), so no invented forecast is pinned on a real market.
export const SAMPLE_FORECASTS: readonly SampleForecast[] = [
  { marketTitle: "Russia x Ukraine ceasefire in 2025?", marketPrice: 23, forecast: 18, horizon: "30 days" },
  { marketTitle: "Will Bitcoin reach $100k?", marketPrice: 67, forecast: 72, horizon: "30 days" },
  { marketTitle: "Will AGI be achieved by 2030?", marketPrice: 31, forecast: 24, horizon: "1 year" },
];

/** The claim the seed made about its forecasts (SPEC §1); shown only inside the sample block. */
export const SAMPLE_FORECAST_ACCURACY = "78%";
