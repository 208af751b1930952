import { type ComponentProps, lazy, Suspense } from "react";
import type { StarButton as EagerStarButton } from "./star-button";

/** The star button's classes, shared with the stand-in shown while its code loads. */
export function starClass(labelled: boolean, className = ""): string {
  const look = labelled
    ? "btn btn-outline aria-pressed:border-amber-600 aria-pressed:bg-amber-50"
    : "btn btn-ghost size-10 shrink-0 px-0 text-xl";
  return `${look} disabled:opacity-40${className ? ` ${className}` : ""}`;
}

const StarButton = lazy(() => import("./star-button").then((m) => ({ default: m.StarButton })));

/**
 * The watchlist star for pages that show many (cards) or are budgeted (the market page): its code is
 * not in the page's first download (decision 0017). The server renders the real, disabled star; until
 * the code arrives the same disabled, unpressed star stands in, and the button is disabled until
 * hydrated anyway.
 */
export function LazyStarButton(props: ComponentProps<typeof EagerStarButton>) {
  const { target, labelled = false, className } = props;
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-pressed={false}
          aria-label={`Watch ${target.title}`}
          disabled
          className={starClass(labelled, className)}
          data-testid="star"
        >
          <span aria-hidden="true" className="text-slate-600">
            ☆
          </span>
          {labelled ? "Watch" : null}
        </button>
      }
    >
      <StarButton {...props} />
    </Suspense>
  );
}
