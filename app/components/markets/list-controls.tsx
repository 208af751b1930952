import { Link, useSearchParams } from "react-router";
import { ENDED_OPTIONS, type ListView, listViewSearch, SORT_OPTIONS } from "~/lib/list-view";
import { readSearch } from "~/lib/search";

const LINK =
  "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50";
const CURRENT = "bg-slate-900 text-white ring-slate-900 hover:bg-slate-800";

/**
 * Sort and "ended" filter of a list page (issue 23 §2), as plain links: they work without JavaScript and
 * keep the category and search; the page's card count starts again.
 */
export function ListControls({ view, trending }: { view: ListView; trending: boolean }) {
  const [params] = useSearchParams();
  const base = new URLSearchParams(params);
  base.delete("show");
  // The search as the page read it (cut to its longest), never the raw parameter.
  if (params.has("search")) base.set("search", readSearch(params));
  const context = { trending };
  const href = (next: ListView) => `${listViewSearch(next, context, base) || "?"}`;
  return (
    <nav aria-label="Sort and filter" className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-700">Sort:</span>
        {SORT_OPTIONS.map((option) => {
          const current = option.value === view.sort;
          return (
            <Link
              key={option.value}
              to={href({ ...view, sort: option.value })}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`${LINK} ${current ? CURRENT : "bg-white text-slate-900"}`}
            >
              {option.label}
            </Link>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {ENDED_OPTIONS.map((option) => {
          const current = option.value === view.ended;
          return (
            <Link
              key={option.value}
              to={href({ ...view, ended: option.value })}
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`${LINK} ${current ? CURRENT : "bg-white text-slate-900"}`}
            >
              {option.label}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
