/**
 * The API-access teaser (SPEC §2 "API access page", §3 planned sample shapes, §6 tiers and prices,
 * §7 planned endpoints). None of it is live: the page marks every part Coming Soon or Preview.
 */

/** Planned host. Nothing answers there yet; it only makes the examples concrete. */
export const API_BASE_URL = "https://api.oddspulse.app";

export type ApiTier = "Free" | "Pro" | "Enterprise";

export interface PricingTier {
  id: "free" | "pro" | "enterprise";
  name: string;
  price: string;
  /** "/month", or null for a custom price. */
  period: string | null;
  requests: string;
  features: readonly string[];
  action: {
    label: string;
    /** Disabled buttons are the ones that would collect something (SPEC: waitlist, notification). */
    disabled: boolean;
  };
  highlighted: boolean;
}

/** SPEC §6. */
export const PRICING_TIERS: readonly PricingTier[] = [
  {
    id: "free",
    name: "Free Tier",
    price: "$0",
    period: "/month",
    requests: "1,000 requests/month",
    features: ["Market data", "Basic analytics", "Rate limited"],
    action: { label: "Join Waitlist", disabled: true },
    highlighted: false,
  },
  {
    id: "pro",
    name: "Pro",
    price: "$49",
    period: "/month",
    requests: "50,000 requests/month",
    features: ["Sentiment analysis", "Historical data", "Priority support"],
    action: { label: "Upgrade to Pro", disabled: false },
    highlighted: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: "Custom",
    period: null,
    requests: "Unlimited requests",
    features: ["Trading signals", "WebSocket access", "Dedicated support"],
    action: { label: "Contact Sales", disabled: false },
    highlighted: false,
  },
];

export type HttpMethod = "GET" | "POST" | "WS";

export interface ApiEndpoint {
  method: HttpMethod;
  path: string;
  summary: string;
  tier: ApiTier;
  /** Request body, for POST. */
  body?: string;
}

export interface EndpointGroup {
  id: "markets" | "sentiment" | "signals" | "analytics";
  label: string;
  description: string;
  endpoints: readonly ApiEndpoint[];
  /** A planned response item (SPEC §3 sample shapes), pretty-printed JSON. */
  sample?: { title: string; json: string };
}

const SENTIMENT_SAMPLE = {
  marketId: "sample-bitcoin-100k",
  score: 45,
  confidence: 72,
  recommendation: "BUY_YES",
  xMentions: 3412,
  analysis: "Sample: steady inflows and rising mentions lean Yes.",
};

const SIGNAL_SAMPLE = {
  id: "sig_sample_001",
  marketId: "sample-bitcoin-100k",
  type: "BUY_YES",
  confidence: 78,
  entryPrice: 0.64,
  targetPrice: 0.75,
  stopLoss: 0.58,
  createdAt: "2025-01-15T14:00:00Z",
};

/**
 * SPEC §7 planned endpoints with §6 tiers. /v1/markets has no tier in §6's endpoint list; the Free
 * tier's "market data" is what it serves, so it is Free.
 */
export const ENDPOINT_GROUPS: readonly EndpointGroup[] = [
  {
    id: "markets",
    label: "Markets",
    description: "The markets the dashboard shows: prices, volume, liquidity and end dates.",
    endpoints: [
      { method: "GET", path: "/v1/markets", summary: "Active markets with prices and volume", tier: "Free" },
    ],
  },
  {
    id: "sentiment",
    label: "Sentiment",
    description: "Sentiment scores, confidence, recommendations and X mention counts.",
    endpoints: [
      { method: "GET", path: "/v1/sentiment/markets", summary: "Sentiment for every market", tier: "Pro" },
      {
        method: "POST",
        path: "/v1/sentiment/analyze",
        summary: "Analyse a text of your own",
        tier: "Enterprise",
        body: '{ "text": "…" }',
      },
      { method: "GET", path: "/v1/sentiment/social", summary: "X mention counts by topic", tier: "Pro" },
    ],
    sample: { title: "Sentiment item (sample)", json: JSON.stringify(SENTIMENT_SAMPLE, null, 2) },
  },
  {
    id: "signals",
    label: "Signals",
    description: "Trading signals with entry, target and stop-loss prices.",
    endpoints: [
      { method: "GET", path: "/v1/signals/active", summary: "Signals open now", tier: "Enterprise" },
      {
        method: "GET",
        path: "/v1/signals/history",
        summary: "Closed signals and their outcome",
        tier: "Pro",
      },
      {
        method: "WS",
        path: "/v1/signals/websocket",
        summary: "Signals pushed as they are issued",
        tier: "Enterprise",
      },
    ],
    sample: { title: "Signal item (sample)", json: JSON.stringify(SIGNAL_SAMPLE, null, 2) },
  },
  {
    id: "analytics",
    label: "Analytics",
    description: "Aggregates across markets.",
    endpoints: [
      {
        method: "GET",
        path: "/v1/analytics/overview",
        summary: "Volume, counts and sentiment split",
        tier: "Free",
      },
      { method: "GET", path: "/v1/analytics/performance", summary: "How past calls resolved", tier: "Pro" },
      {
        method: "GET",
        path: "/v1/analytics/correlations",
        summary: "Markets that move together",
        tier: "Enterprise",
      },
    ],
  },
];

export interface QuickStartStep {
  title: string;
  text: string;
}

export const QUICK_START_STEPS: readonly QuickStartStep[] = [
  {
    title: "Get an API key",
    text: "Keys are issued when the API opens; join the waitlist to get one first.",
  },
  { title: "Start on the free tier", text: "The free tier includes 1,000 requests/month." },
  { title: "Make a request", text: "Send your key as a bearer token in the Authorization header." },
];

export const QUICK_START_REQUEST = `curl ${API_BASE_URL}/v1/markets \\
  -H "Authorization: Bearer YOUR_API_KEY"`;

export interface CodeSample {
  id: "javascript" | "python";
  language: string;
  code: string;
}

export const CODE_SAMPLES: readonly CodeSample[] = [
  {
    id: "javascript",
    language: "JavaScript",
    code: `const response = await fetch("${API_BASE_URL}/v1/sentiment/markets", {
  headers: { Authorization: \`Bearer \${process.env.ODDSPULSE_API_KEY}\` },
});
if (!response.ok) throw new Error(\`OddsPulse API error: \${response.status}\`);

const sentiments = await response.json();
for (const s of sentiments) {
  console.log(s.marketId, s.recommendation, s.confidence);
}`,
  },
  {
    id: "python",
    language: "Python",
    code: `import os
import requests

response = requests.get(
    "${API_BASE_URL}/v1/sentiment/markets",
    headers={"Authorization": f"Bearer {os.environ['ODDSPULSE_API_KEY']}"},
    timeout=15,
)
response.raise_for_status()

for s in response.json():
    print(s["marketId"], s["recommendation"], s["confidence"])`,
  },
];

export interface FeatureCard {
  title: string;
  text: string;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: "Market data",
    text: "Prices, volume, liquidity and end dates of the most active Polymarket markets, as JSON.",
  },
  {
    title: "Sentiment with provenance",
    text: "Scores, confidence and recommendations, each marked as model output or estimate, like on the site.",
  },
  {
    title: "Simple to integrate",
    text: "REST over HTTPS with bearer keys, predictable JSON shapes, and a WebSocket feed on Enterprise.",
  },
];
