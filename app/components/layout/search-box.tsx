import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType, useSearchParams } from "react-router";
import { readSearch, SEARCH_MAX_LENGTH } from "~/lib/search";
import { isDashboardPath } from "~/lib/site";

/** How long typing must pause before the URL (and so the cards) follows. */
const SEARCH_DEBOUNCE_MS = 150;

interface SearchBoxState {
  searchBox?: boolean;
}

/**
 * SPEC §2 search box. A GET form, so it works without JavaScript. With JavaScript, typing updates
 * the `search` parameter live: the first keystroke pushes one history entry (Back returns to the
 * unfiltered page), later keystrokes replace it. The box follows the URL on back/forward and on
 * links, but not on its own (possibly lagging) updates, so fast typing never loses characters.
 * The URL follows once typing pauses for SEARCH_DEBOUNCE_MS: each change asks the server for the
 * matching cards, and a burst of keystrokes asks once. Outside the dashboard the search applies to
 * Trending ("/").
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const urlValue = readSearch(params);
  const [value, setValue] = useState(urlValue);
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry
  useEffect(() => {
    const ours = (location.state as SearchBoxState | null)?.searchBox === true;
    if (navigationType === "POP" || !ours) {
      typing.current = false;
      setValue(urlValue);
    }
  }, [location.key]);

  const onDashboard = isDashboardPath(location.pathname);
  const action = onDashboard ? location.pathname : "/";

  function go(next: string) {
    const search = new URLSearchParams(onDashboard ? params : undefined);
    if (next.trim() === "") search.delete("search");
    else search.set("search", next);
    const query = search.toString();
    const state: SearchBoxState = { searchBox: true };
    navigate(
      { pathname: action, search: query ? `?${query}` : "" },
      { replace: onDashboard && typing.current, preventScrollReset: true, state },
    );
    typing.current = true;
  }

  function update(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(next), SEARCH_DEBOUNCE_MS);
  }

  return (
    <Form method="get" action={action} role="search" className="w-full sm:max-w-xs">
      <label htmlFor="site-search" className="sr-only">
        Search markets
      </label>
      <span id="site-search-hint" className="sr-only">
        Up to {SEARCH_MAX_LENGTH} characters.
      </span>
      <input
        id="site-search"
        type="search"
        name="search"
        value={value}
        onChange={(event) => update(event.currentTarget.value)}
        placeholder="Search markets..."
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby="site-search-hint"
        autoComplete="off"
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-700"
      />
    </Form>
  );
}
