/**
 * Status-page content (SPEC §2 status page, §3 service status item / maintenance item). The lists and
 * figures here are STATIC SAMPLE content and the page labels them so (never as a headline). Measured on
 * the page: the pipeline refresh times (KV, see PIPELINE_DATASETS), and each upstream's uptime and
 * incidents (the crons' checks in D1, see UPSTREAM_SERVICES and ~/lib/uptime) and the overall line
 * over both (~/lib/overall-status), which replaced their sample figures.
 */
import { DATASET_NAMES } from "~/lib/overall-status";
import { MARKETS_EVERY, WHALES_EVERY } from "~/lib/refresh-cadence";
import { type CheckedUpstream, UPSTREAM_NAMES } from "~/lib/uptime";

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

export interface PerformanceMetric {
  id: string;
  label: string;
  value: string;
  target: string;
  /** Whether the sample value meets its target (shown as text, never by colour alone). */
  meetsTarget: boolean;
}

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
];

export const MAINTENANCE: readonly MaintenanceItem[] = [
  {
    id: "cache-compaction",
    title: "Cache compaction",
    description: "Old cached snapshots are pruned. Pages keep serving the last good data throughout.",
    scheduledDate: "First Sunday of each month, 02:00 UTC",
    estimatedDuration: "30 min",
    impact: "Low",
    affectedServices: ["Polymarket markets feed", "Polymarket trades"],
  },
  {
    id: "model-review",
    title: "Sentiment model review",
    description:
      "The language model configuration is reviewed; sentiment may briefly show as estimated while it is checked.",
    scheduledDate: "Third Sunday of each month, 03:00 UTC",
    estimatedDuration: "1 h",
    impact: "Low",
    affectedServices: ["Sentiment model"],
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
];

/** The measured services: each upstream the crons check (uptime and incidents from their records). */
export const UPSTREAM_SERVICES: Record<CheckedUpstream, { name: string; description: string }> = {
  gamma: {
    name: UPSTREAM_NAMES.gamma,
    description: `Gamma API market list; checked by the market cron, ${MARKETS_EVERY}`,
  },
  data: {
    name: UPSTREAM_NAMES.data,
    description: `Data API trades over $50K; checked by the whale cron, ${WHALES_EVERY}`,
  },
  x: {
    name: UPSTREAM_NAMES.x,
    description:
      "X API v2 recent counts; checked when a market cron asks X (token set, counts over an hour old)",
  },
  llm: {
    name: UPSTREAM_NAMES.llm,
    description:
      "OpenAI-compatible model; checked when a market cron asks it (key set, new or moved markets)",
  },
};

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
    label: DATASET_NAMES.markets,
    upstream: "Polymarket Gamma API",
    schedule: `${capitalised(MARKETS_EVERY)} (cron)`,
    meaning: "Last market snapshot stored",
  },
  {
    key: "whales",
    label: DATASET_NAMES.whales,
    upstream: "Polymarket Data API",
    schedule: `${capitalised(WHALES_EVERY)} (cron)`,
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
