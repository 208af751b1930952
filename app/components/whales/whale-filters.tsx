import { Link } from "react-router";
import {
  CERTAIN_TOGGLES,
  FRESH_TOGGLES,
  MIN_AMOUNTS,
  OUTCOME_FILTERS,
  RANKED_TOGGLES,
  TRADE_SORTS,
  type WhaleView,
  whaleViewSearch,
} from "~/lib/whales";

const PATH = "/whale-watch";

interface Option<T extends string> {
  value: T;
  label: string;
}

/**
 * One segmented control made of links: each is a plain GET of the page with the view in the query, so
 * it works before (and without) JavaScript. The legend names the group; `aria-current` marks the active
 * link for assistive tech, and a tick marks it visually besides the fill colour.
 */
function ViewGroup<T extends string>({
  label,
  options,
  current,
  href,
}: {
  label: string;
  options: readonly Option<T>[];
  current: T;
  href: (value: T) => string;
}) {
  return (
    <fieldset className="flex min-w-0 items-center gap-2">
      {/* Floated, the legend is an ordinary flex item instead of sitting on the fieldset's border;
          one width for all on phones (not shrunk by a long list), so the controls line up when they stack. */}
      <legend className="float-left w-16 shrink-0 text-sm font-medium text-slate-700 sm:w-auto">
        {label}
      </legend>
      {/* Wraps rather than overflows: the four amounts beside their legend are wider than a 390 px phone
          in a wide font (DejaVu Sans). */}
      <ul className="flex min-w-0 flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {options.map((option) => {
          const active = option.value === current;
          return (
            <li key={option.value}>
              <Link
                to={href(option.value)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={`inline-flex min-h-9 items-center gap-1 rounded-md px-2.5 text-sm font-medium whitespace-nowrap sm:px-3 focus-visible:outline-2 focus-visible:outline-blue-700 ${
                  active ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:bg-white/60"
                }`}
              >
                {active && <span aria-hidden="true">✓</span>}
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Outcome (All / Yes / No), sort (Newest / Largest), the smallest amount, hiding near-certain buys,
 * ranked traders only and the radar's fresh wallets only: all kept in the URL, the same names /api/whales
 * takes.
 */
export function WhaleFilters({ view }: { view: WhaleView }) {
  const href = (change: Partial<WhaleView>) => `${PATH}${whaleViewSearch({ ...view, ...change })}`;
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3" data-testid="whale-filters">
      <ViewGroup
        label="Outcome"
        options={OUTCOME_FILTERS}
        current={view.outcome}
        href={(outcome) => href({ outcome })}
      />
      <ViewGroup label="Sort" options={TRADE_SORTS} current={view.sort} href={(sort) => href({ sort })} />
      <ViewGroup label="Amount" options={MIN_AMOUNTS} current={view.min} href={(min) => href({ min })} />
      <ViewGroup
        label="Odds"
        options={CERTAIN_TOGGLES}
        current={view.hideCertain}
        href={(hideCertain) => href({ hideCertain })}
      />
      <ViewGroup
        label="Traders"
        options={RANKED_TOGGLES}
        current={view.ranked}
        href={(ranked) => href({ ranked })}
      />
      <ViewGroup
        label="Wallets"
        options={FRESH_TOGGLES}
        current={view.fresh}
        href={(fresh) => href({ fresh })}
      />
    </div>
  );
}
