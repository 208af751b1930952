import { Link, useSearchParams } from "react-router";
import { ENDED_OPTIONS, type ListView, listViewSearch, SORT_OPTIONS } from "~/lib/list-view";
import { readSearch } from "~/lib/search";

/**
 * Sort and "ended" filter of a list page, as plain links: they work without JavaScript and
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
      <OptionLinks
        label="Sort:"
        options={SORT_OPTIONS}
        current={view.sort}
        href={(sort) => href({ ...view, sort })}
      />
      <OptionLinks options={ENDED_OPTIONS} current={view.ended} href={(ended) => href({ ...view, ended })} />
    </nav>
  );
}

/** One control as a row of links; the current option says so (`aria-current`). */
function OptionLinks<V extends string>({
  label,
  options,
  current,
  href,
}: {
  label?: string;
  options: readonly { value: V; label: string }[];
  current: V;
  href: (value: V) => string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {label && <span className="text-sm text-slate-700">{label}</span>}
      {options.map((option) => {
        const selected = option.value === current;
        return (
          <Link
            key={option.value}
            to={href(option.value)}
            preventScrollReset
            aria-current={selected ? "true" : undefined}
            className="option-link"
          >
            {option.label}
          </Link>
        );
      })}
    </div>
  );
}
