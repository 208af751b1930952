import { Link, NavLink, useSearchParams } from "react-router";
import { readSearch } from "~/lib/search";
import { CATEGORY_LINKS, isDashboardPath } from "~/lib/site";
import { SearchBox } from "./search-box";

/** Logo, search and the scrollable row of category buttons (the current one marked). */
export function SiteHeader() {
  const [params] = useSearchParams();
  const search = readSearch(params);
  return (
    <header className="relative z-40 border-b sm:sticky sm:top-0 border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold text-slate-900"
          aria-label="OddsPulse home"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>OddsPulse</span>
        </Link>
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1 sm:w-80 sm:flex-none">
            <SearchBox />
          </div>
          <NavLink to="/watchlist" className="nav-chip shrink-0 gap-1">
            <span aria-hidden="true">★</span>
            Watchlist
          </NavLink>
        </div>
      </div>
      <nav aria-label="Categories" className="mx-auto max-w-7xl overflow-x-auto px-4 pb-3">
        <ul className="flex w-max gap-1">
          {CATEGORY_LINKS.map((link) => (
            <li key={link.path}>
              <NavLink
                to={{
                  pathname: link.path,
                  // Keep the search when switching category; Whale Watch and the track record have none.
                  search: search && isDashboardPath(link.path) ? `?search=${encodeURIComponent(search)}` : "",
                }}
                end
                className="nav-chip"
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
