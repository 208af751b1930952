import { useEffect, useState } from "react";
import type { WhaleSnapshot } from "~/lib/types";
import { useNow } from "~/lib/use-now";
import {
  applyRefresh,
  delayOnVisible,
  parseWhalesResponse,
  WHALE_POLL_MS,
  WHALE_REQUEST_TIMEOUT_MS,
  WHALE_RETRY_DELAYS_MS,
  type WhaleFeedState,
} from "~/lib/whales";

/** How often "x min ago" labels move on between refreshes. */
const CLOCK_TICK_MS = 30_000;

export interface WhaleFeed extends WhaleFeedState {
  /** The time labels are computed against: the server's render time until mounted, then the browser's. */
  now: number;
}

/** A function, not an inline check, because the answer changes while a request is awaited. */
const isHidden = () => document.visibilityState === "hidden";

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * One GET /api/whales with SPEC's two retries (1 s, 2 s); null when every attempt failed. Its trades carry
 * their radar (null: not checked yet), so the page's filters, `fresh=1` too, apply to each polled list.
 */
async function fetchWhales(signal: AbortSignal): Promise<WhaleSnapshot | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch("/api/whales", {
        headers: { accept: "application/json" },
        // The client's own rules (fresh 30 s, poll 60 s) decide when to ask; the API's max-age is for
        // shared caches, and a poll answered from the browser cache would show nothing new.
        cache: "no-store",
        signal: AbortSignal.any([signal, AbortSignal.timeout(WHALE_REQUEST_TIMEOUT_MS)]),
      });
      if (res.ok) {
        const snapshot = parseWhalesResponse(await res.json());
        if (snapshot) return snapshot;
      }
    } catch {
      // Network error, timeout or a body that is not JSON: retried below like a bad status.
    }
    const delay = WHALE_RETRY_DELAYS_MS[attempt];
    if (delay === undefined || signal.aborted) return null;
    await sleep(delay, signal);
    if (signal.aborted) return null;
  }
}

/**
 * The whale list, kept current in the browser (SPEC §7 call 4, §9): starts from the server-rendered
 * snapshot, refetches every 60 s while the tab is visible, refetches on return when the data is older
 * than 30 s, and never replaces a list on screen by a failure (it flags `refreshFailed` instead).
 * Hand-written rather than a query library to keep the page's JavaScript small.
 */
export function useWhaleFeed(initial: WhaleSnapshot, serverNow: number): WhaleFeed {
  const [state, setState] = useState<WhaleFeedState>({ snapshot: initial, refreshFailed: false });
  // Relative times ("3 min ago") follow the shared clock, from the server's render time.
  const now = useNow(serverNow, CLOCK_TICK_MS);
  // New loader data (a revalidation) is merged by the same rule as a poll's answer.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setState((current) => applyRefresh(current.snapshot, initial));
  }

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    // The server-rendered data counts as just fetched.
    let dataAt = Date.now();
    let attemptAt = dataAt;

    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(poll, ms);
    };

    async function poll() {
      if (running || isHidden()) return;
      running = true;
      const next = await fetchWhales(controller.signal);
      running = false;
      if (controller.signal.aborted) return;
      attemptAt = Date.now();
      if (next) dataAt = attemptAt;
      setState((current) => applyRefresh(current.snapshot, next));
      // While hidden, nothing is scheduled; becoming visible schedules again.
      if (!isHidden()) schedule(WHALE_POLL_MS);
    }

    const resume = () => {
      if (isHidden()) {
        clearTimeout(timer);
        return;
      }
      if (!running) schedule(delayOnVisible(Date.now(), dataAt, attemptAt));
    };

    document.addEventListener("visibilitychange", resume);
    window.addEventListener("online", resume);
    schedule(WHALE_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", resume);
      window.removeEventListener("online", resume);
    };
  }, []);

  return { ...state, now };
}
