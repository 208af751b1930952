import { useCallback, useEffect, useRef, useState } from "react";
import { parseSuggestions, type SuggestionAnswer, suggestionsUrl } from "~/lib/search-suggestions";

/** A suggestion request slower than this is given up (the popup stays shut; the form still works). */
const SUGGESTION_TIMEOUT_MS = 5_000;

/** The answer for one text. */
export interface FoundSuggestions extends SuggestionAnswer {
  text: string;
}

/** One `GET /api/v1/search` for the suggestions; null on any failure (429, 5xx, network, a body not ours). */
async function fetchSuggestions(url: string, signal: AbortSignal): Promise<SuggestionAnswer | null> {
  try {
    const res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.any([signal, AbortSignal.timeout(SUGGESTION_TIMEOUT_MS)]),
    });
    // Every body is read, errors' too: an unread one keeps the request open until the timeout.
    const body: unknown = await res.json().catch(() => null);
    return res.ok ? parseSuggestions(body) : null;
  } catch {
    return null;
  }
}

/**
 * The suggestions for the latest text asked: `ask(text)` aborts the request still running (its answer is
 * never shown) and sends one for the text (none for blank text, which clears them); `abort()` stops the
 * running request and keeps what is shown; `cancel()` aborts and clears. A failed request clears them too.
 * The caller decides when to ask (once per typing pause). `pending` is true while a request runs (the box
 * says it with `aria-busy`).
 */
export function useSearchSuggestions(): {
  found: FoundSuggestions | null;
  pending: boolean;
  ask: (text: string) => void;
  abort: () => void;
  cancel: () => void;
} {
  const [found, setFound] = useState<FoundSuggestions | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef<AbortController | null>(null);

  const abort = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPending(false);
  }, []);
  useEffect(() => abort, [abort]);

  const cancel = useCallback(() => {
    abort();
    setFound(null);
  }, [abort]);

  const ask = useCallback(
    (text: string) => {
      abort();
      const url = suggestionsUrl(text);
      if (url === null) {
        setFound(null);
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setPending(true);
      void fetchSuggestions(url, controller.signal).then((answer) => {
        // A newer text (or a cancel) aborted it: its answer is stale.
        if (controller.signal.aborted) return;
        running.current = null;
        setPending(false);
        setFound(answer ? { ...answer, text } : null);
      });
    },
    [abort],
  );

  return { found, pending, ask, abort, cancel };
}
