/**
 * A minute of per-isolate memory for the index's answers to searches (decision 0035). Visitors search the same
 * few words (the news of the day) and every pause in a suggestion box is a search, so an answer is kept
 * SEARCH_MEMO_MS, as long as the API says it may be cached: the index takes in a few Gamma pages a minute, so
 * a kept answer is as fresh as a cached one. Keyed by the normalised FTS5 expression (so variants of one text
 * share a key), the page and its size. Only answers are kept, never a query under way: a pending D1 call
 * belongs to the request that made it, and workerd refuses another request's I/O ("Cannot perform I/O on
 * behalf of a different request"), so two requests that miss at once each ask. Failures are not kept.
 * Bounded by the events it holds, not only the entries, so pages of 100 cannot fill the isolate's memory.
 */

/** How long an answer is kept. */
export const SEARCH_MEMO_MS = 60_000;
/** Events held across every kept answer at most (an event is a few KB: a few MB in all). */
const MAX_EVENTS = 4_000;

interface Entry<T> {
  storedAt: number;
  events: number;
  value: T;
}

export class SearchMemo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private held = 0;

  /** `size` says how many events an answer holds. */
  constructor(private readonly size: (value: T) => number) {}

  /** The kept answer for `key`, else `load`'s (kept once it succeeds; a failure is not kept). */
  async get(key: string, now: number, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && now - kept.storedAt < SEARCH_MEMO_MS) return kept.value;
    const value = await load();
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const entry: Entry<T> = { storedAt: now, events: this.size(value), value };
    this.entries.set(key, entry);
    this.held += entry.events;
    this.evict();
    return value;
  }

  /** Answers and events kept now. */
  stats(): { entries: number; events: number } {
    return { entries: this.entries.size, events: this.held };
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.held -= entry.events;
  }

  /** The oldest answers go first until the events held fit. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.held <= MAX_EVENTS) return;
      this.drop(key, entry);
    }
  }
}
