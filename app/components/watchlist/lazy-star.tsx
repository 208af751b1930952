import { type ComponentProps, lazy, Suspense } from "react";
import type { StarButton as EagerStarButton } from "./star-button";
import { starClass } from "./star-class";

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
