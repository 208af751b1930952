/** Texts of the sentiment-analysis tabs that have no data behind them yet (SPEC §2: Coming Soon). */

export interface ComingSoonTab {
  value: "behavioral" | "technical";
  label: string;
  heading: string;
  text: string;
  planned: readonly string[];
}

export const COMING_SOON_TABS: readonly ComingSoonTab[] = [
  {
    value: "behavioral",
    label: "Behavioral",
    heading: "Behavioral analysis",
    text: "How traders act around news and large trades. Not built yet, so no figures are shown.",
    planned: [
      "Herding: many traders piling into one side at once",
      "Overreaction: sharp moves that reverse within a day",
      "Whale follow-through: whether prices follow trades over $50K",
    ],
  },
  {
    value: "technical",
    label: "Technical",
    heading: "Technical analysis",
    text: "Price and volume patterns of each market over time. Not built yet, so no figures are shown.",
    planned: [
      "Momentum over 24 hours and 7 days",
      "Volume spikes against each market's own average",
      "Support and resistance levels of the Yes price",
    ],
  },
];
