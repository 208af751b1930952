import { useLocation, useSearchParams } from "react-router";
import { readSearch } from "~/lib/search";
import { CATEGORY_LINKS, isDashboardPath } from "~/lib/site";
import { SearchBox } from "./search-box";
import { isCurrentPath, useLinkNavigation } from "./use-link-navigation";

/** Logo, search and the scrollable row of category buttons (the current one marked). */
export function SiteHeader() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useLinkNavigation();
  const search = readSearch(params);
  const current = (path: string) => (isCurrentPath(pathname, path) ? "page" : undefined);
  return (
    <header className="relative z-40 border-b sm:sticky sm:top-0 border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <a
          href="/"
          onClick={navigate}
          data-discover="true"
          className="flex items-center gap-2 text-lg font-bold text-slate-900"
          aria-label="OddsPulse home"
        >
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>OddsPulse</span>
        </a>
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1 sm:w-80 sm:flex-none">
            <SearchBox />
          </div>
          <a
            href="/watchlist"
            onClick={navigate}
            data-discover="true"
            aria-current={current("/watchlist")}
            className="nav-chip shrink-0 gap-1"
          >
            <span aria-hidden="true">★</span>
            Watchlist
          </a>
        </div>
      </div>
      <nav aria-label="Categories" className="mx-auto max-w-7xl overflow-x-auto px-4 pb-3">
        <ul className="flex w-max gap-1">
          {CATEGORY_LINKS.map((link) => (
            <li key={link.path}>
              <a
                // Keep the search when switching category; Whale Watch and the track record have none.
                href={
                  search && isDashboardPath(link.path)
                    ? `${link.path}?search=${encodeURIComponent(search)}`
                    : link.path
                }
                onClick={navigate}
                data-discover="true"
                aria-current={current(link.path)}
                className="nav-chip"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
