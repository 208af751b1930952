/**
 * Status-page content (SPEC §2 status page, §3 service status item / incident / maintenance item).
 * Everything here is STATIC SAMPLE content and the page labels it so; the only measured figures on the
 * page are the pipeline refresh times, read from KV by the route loader (see PIPELINE_DATASETS).
 */

export type ServiceState = "operational" | "degraded" | "outage";
export type IncidentState = "completed" | "resolved" | "investigating" | "ongoing";
export type Impact = "Low" | "Medium" | "High";

export interface ServiceStatusItem {
  name: string;
  description: string;
  status: ServiceState;
  /** 30-day uptime, as shown. */
  uptime: string;
  responseTime: string;
  lastIncident: string;
}

export interface Incident {
  id: string;
  title: string;
  description: string;
  status: IncidentState;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  duration: string;
  impact: Impact;
  affectedServices: readonly string[];
}

export interface MaintenanceItem {
  id: string;
  title: string;
  description: string;
  /** Recurring windows rather than dates, so the sample never reads as overdue. */
  scheduledDate: string;
  estimatedDuration: string;
  impact: Impact;
  affectedServices: readonly string[];
}

export interface HeadlineMetric {
  id: string;
  label: string;
  value: string;
  detail: string;
}

export interface PerformanceMetric {
  id: string;
  label: string;
  value: string;
  target: string;
  /** Whether the sample value meets its target (shown as text, never by colour alone). */
  meetsTarget: boolean;
}

/** SPEC §2: the overall line is static. */
export const OVERALL_STATUS = "All Systems Operational";

export const HEADLINE_METRICS: readonly HeadlineMetric[] = [
  { id: "uptime", label: "Uptime (30 days)", value: "99.94%", detail: "Target 99.9%" },
  { id: "response", label: "Avg. response time", value: "142 ms", detail: "Across all pages" },
  { id: "incidents", label: "Incidents (30 days)", value: "2", detail: "Both resolved" },
  { id: "services", label: "Services operational", value: "6 of 6", detail: "No open issues" },
];

export const SERVICES: readonly ServiceStatusItem[] = [
  {
    name: "Web Application",
    description: "Server-rendered pages on Cloudflare Workers",
    status: "operational",
    uptime: "99.98%",
    responseTime: "96 ms",
    lastIncident: "None in 90 days",
  },
  {
    name: "Public JSON API",
    description: "Markets, whale trades and health endpoints used by the pages",
    status: "operational",
    uptime: "99.97%",
    responseTime: "61 ms",
    lastIncident: "None in 90 days",
  },
  {
    name: "Market Data Pipeline",
    description: "Polymarket Gamma API feed, refreshed every 10 minutes",
    status: "operational",
    uptime: "99.91%",
    responseTime: "410 ms",
    lastIncident: "Dec 18, 2024",
  },
  {
    name: "Whale Trade Feed",
    description: "Polymarket Data API trades over $50K, refreshed every minute",
    status: "operational",
    uptime: "99.95%",
    responseTime: "290 ms",
    lastIncident: "None in 90 days",
  },
  {
    name: "X Mention Counts",
    description: "X API v2 recent post counts per market keyword",
    status: "operational",
    uptime: "99.82%",
    responseTime: "350 ms",
    lastIncident: "Dec 9, 2024",
  },
  {
    name: "AI Sentiment Analysis",
    description: "OpenAI-compatible language model, batched per refresh",
    status: "operational",
    uptime: "99.89%",
    responseTime: "1.8 s",
    lastIncident: "None in 90 days",
  },
];

export const INCIDENTS: readonly Incident[] = [
  {
    id: "gamma-timeouts",
    title: "Delayed market refresh",
    description:
      "The market feed timed out for several refreshes. Pages kept serving the last good snapshot with its age until the feed recovered.",
    status: "resolved",
    date: "2024-12-18",
    duration: "25 min",
    impact: "Low",
    affectedServices: ["Market Data Pipeline"],
  },
  {
    id: "x-rate-limit",
    title: "Mention counts fell back to estimates",
    description:
      "X answered with rate-limit errors; mention counts were shown as labelled estimates until live counts returned.",
    status: "resolved",
    date: "2024-12-09",
    duration: "1 h 10 min",
    impact: "Medium",
    affectedServices: ["X Mention Counts"],
  },
  {
    id: "cache-migration",
    title: "Cache namespace migration",
    description: "Planned move of cached snapshots to a new storage namespace. No visible downtime.",
    status: "completed",
    date: "2024-12-02",
    duration: "15 min",
    impact: "Low",
    affectedServices: ["Market Data Pipeline", "Whale Trade Feed"],
  },
];

export const MAINTENANCE: readonly MaintenanceItem[] = [
  {
    id: "cache-compaction",
    title: "Cache compaction",
    description: "Old cached snapshots are pruned. Pages keep serving the last good data throughout.",
    scheduledDate: "First Sunday of each month, 02:00 UTC",
    estimatedDuration: "30 min",
    impact: "Low",
    affectedServices: ["Market Data Pipeline", "Whale Trade Feed"],
  },
  {
    id: "model-review",
    title: "Sentiment model review",
    description:
      "The language model configuration is reviewed; sentiment may briefly show as estimated while it is checked.",
    scheduledDate: "Third Sunday of each month, 03:00 UTC",
    estimatedDuration: "1 h",
    impact: "Low",
    affectedServices: ["AI Sentiment Analysis"],
  },
];

export const PERFORMANCE_METRICS: readonly PerformanceMetric[] = [
  {
    id: "p50",
    label: "Page response time (median)",
    value: "84 ms",
    target: "under 200 ms",
    meetsTarget: true,
  },
  {
    id: "p95",
    label: "Page response time (95th percentile)",
    value: "230 ms",
    target: "under 500 ms",
    meetsTarget: true,
  },
  { id: "cache", label: "Cache hit ratio", value: "97.8%", target: "over 95%", meetsTarget: true },
  { id: "errors", label: "Server error rate", value: "0.02%", target: "under 0.1%", meetsTarget: true },
  { id: "upstream", label: "Upstream success rate", value: "99.6%", target: "over 99%", meetsTarget: true },
];

export type DatasetKey = "markets" | "whales" | "mentions" | "sentiment";

/** The real section: one row per cached dataset, in this order. */
export interface PipelineDataset {
  key: DatasetKey;
  label: string;
  upstream: string;
  /** How it is refreshed (wrangler.toml cron triggers; mentions and sentiment ride on the markets refresh). */
  schedule: string;
  /** What "last successful refresh" means for this dataset. */
  meaning: string;
}

export const PIPELINE_DATASETS: readonly PipelineDataset[] = [
  {
    key: "markets",
    label: "Markets",
    upstream: "Polymarket Gamma API",
    schedule: "Every 10 min (cron)",
    meaning: "Last market snapshot stored",
  },
  {
    key: "whales",
    label: "Whale trades",
    upstream: "Polymarket Data API",
    schedule: "Every minute (cron)",
    meaning: "Last trade list stored",
  },
  {
    key: "mentions",
    label: "X mentions",
    upstream: "X API v2 recent counts",
    schedule: "With each market refresh",
    meaning: "Last time live X counts were obtained",
  },
  {
    key: "sentiment",
    label: "AI sentiment",
    upstream: "OpenAI-compatible language model",
    schedule: "With each market refresh (new or moved markets)",
    meaning: "Last time the model returned analyses",
  },
];
