import { notify } from "~/components/ui/toaster";
import { toggleWatchlist, useHydrated, useIsWatched } from "~/lib/use-watchlist";
import { type StarTarget, type ToggleChange, WATCHLIST_MAX } from "~/lib/watchlist";
import { starClass } from "./star-class";

/**
 * The watchlist star: a toggle button (aria-pressed) whose name stays "Watch <title>" whether pressed
 * or not. It is disabled until React has hydrated the page: without JavaScript it cannot work, and a
 * dimmed, unfocusable star says so where a live-looking one would not (decision 0017). `labelled`
 * adds the visible word "Watch" (the market page); cards show the star alone.
 */
export function StarButton({
  target,
  labelled = false,
  className = "",
  onToggle,
}: {
  target: StarTarget;
  labelled?: boolean;
  className?: string;
  onToggle?: (change: ToggleChange) => void;
}) {
  const hydrated = useHydrated();
  const starred = useIsWatched(target.slug);
  const toggle = () => {
    const change = toggleWatchlist(target);
    if (change === "full") {
      notify(
        "warning",
        `Your watchlist is full (${WATCHLIST_MAX} markets): unstar one to add another.`,
        "watchlist-full",
      );
    } else if (change === "invalid") {
      notify("error", "This market can't be added to the watchlist.", "watchlist-invalid");
    }
    onToggle?.(change);
  };
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={`Watch ${target.title}`}
      disabled={!hydrated}
      onClick={toggle}
      className={starClass(labelled, className)}
      data-testid="star"
    >
      <span aria-hidden="true" className={starred ? "text-amber-700" : "text-slate-600"}>
        {starred ? "★" : "☆"}
      </span>
      {labelled ? "Watch" : null}
    </button>
  );
}
