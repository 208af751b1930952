import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigate, useNavigationType, useSearchParams } from "react-router";
import { formatPrice } from "~/lib/format";
import { readSearch, SEARCH_MAX_LENGTH } from "~/lib/search";
import { suggestionCountText } from "~/lib/search-suggestions";
import { isDashboardPath } from "~/lib/site";
import { useSearchSuggestions } from "./use-search-suggestions";

/** How long typing must pause before the URL (and so the cards), or the suggestions, follow. */
const SEARCH_DEBOUNCE_MS = 150;

const LISTBOX_ID = "site-search-suggestions";
const optionId = (index: number) => `site-search-option-${index}`;

interface SearchBoxState {
  searchBox?: boolean;
}

/**
 * SPEC §2 search box. A GET form, so it works without JavaScript (Enter lists the matching events).
 *
 * On the dashboard pages, with JavaScript, typing updates the `search` parameter live: the first keystroke
 * pushes one history entry (Back returns to the unfiltered page), later keystrokes replace it. The box
 * follows the URL on back/forward and on links, but not on its own (possibly lagging) updates, so fast typing
 * never loses characters. The URL follows once typing pauses for SEARCH_DEBOUNCE_MS: each change asks the
 * server for the matching cards, and a burst of keystrokes asks once. The grid is the as-you-type result.
 *
 * Elsewhere typing stays on the page (decision 0038): once typing pauses, one `GET /api/v1/search` fills a
 * popup of suggestions under the box, a WAI-ARIA 1.2 combobox (list autocomplete). Arrow keys move through
 * the events and a last option that submits the form (to "/?search="); Enter or a click opens the active
 * one; Escape closes the popup, a second Escape clears the box; leaving the box closes it. A failed request
 * shows nothing: the form still works. The server renders the plain form; the combobox is added after
 * hydration.
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

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const suggestions = useSearchSuggestions();
  const { found } = suggestions;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry
  useEffect(() => {
    clearTimeout(timer.current);
    suggestions.cancel();
    const ours = (location.state as SearchBoxState | null)?.searchBox === true;
    if (navigationType === "POP" || !ours) {
      typing.current = false;
      setValue(urlValue);
    }
  }, [location.key]);

  // A new answer opens the popup, no option active, unless the box has lost focus meanwhile.
  useEffect(() => {
    setOpen(found !== null && document.activeElement === input.current);
    setActive(-1);
  }, [found]);

  const onDashboard = isDashboardPath(location.pathname);
  const suggesting = hydrated && !onDashboard;
  const expanded = suggesting && open && found !== null;
  /** The events, then "Search all events". */
  const optionCount = found ? found.suggestions.length + 1 : 0;
  const action = onDashboard ? location.pathname : "/";

  useEffect(() => {
    if (expanded && active >= 0)
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  }, [expanded, active]);

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
    if (onDashboard) {
      timer.current = setTimeout(() => go(next), SEARCH_DEBOUNCE_MS);
      return;
    }
    // The answer for the text before this keystroke is no longer wanted.
    suggestions.abort();
    if (next.trim() === "") suggestions.cancel();
    else timer.current = setTimeout(() => suggestions.ask(next), SEARCH_DEBOUNCE_MS);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Opens an event's page, or (the last option) submits the form. */
  function choose(index: number) {
    const suggestion = found?.suggestions[index];
    close();
    if (suggestion) navigate(suggestion.href);
    else form.current?.requestSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys that pick a candidate of an input method (Japanese, Chinese) are not ours.
    if (!suggesting || event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (optionCount === 0) return;
      event.preventDefault();
      const from = expanded ? active : -1;
      // Wraps: down from the last option is the first, up from none or the first is the last.
      const next =
        event.key === "ArrowDown" ? (from + 1) % optionCount : from <= 0 ? optionCount - 1 : from - 1;
      setOpen(true);
      setActive(next);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (value !== "") {
        event.preventDefault();
        clearTimeout(timer.current);
        suggestions.cancel();
        setValue("");
      }
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  }

  return (
    <Form
      ref={form}
      method="get"
      action={action}
      role="search"
      className="relative w-full sm:max-w-xs"
      onSubmit={() => {
        clearTimeout(timer.current);
        suggestions.cancel();
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search markets
      </label>
      <span id="site-search-hint" className="sr-only">
        Up to {SEARCH_MAX_LENGTH} characters.
      </span>
      <input
        ref={input}
        id="site-search"
        type="search"
        name="search"
        value={value}
        onChange={(event) => update(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search markets..."
        maxLength={SEARCH_MAX_LENGTH}
        aria-describedby="site-search-hint"
        autoComplete="off"
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-700"
        {...(suggesting && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": expanded,
          "aria-busy": suggestions.pending,
          "aria-controls": LISTBOX_ID,
          "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
        })}
      />
      {suggesting && (
        <>
          <div aria-live="polite" className="sr-only">
            {expanded ? suggestionCountText(found.suggestions.length) : ""}
          </div>
          <div
            hidden={!expanded}
            className="absolute top-full left-0 z-50 mt-1 w-[calc(100vw-2rem)] overflow-hidden rounded-md border border-slate-300 bg-white shadow-lg sm:right-0 sm:left-auto sm:w-md"
          >
            {found?.note && (
              <p className="border-b border-slate-200 px-3 py-2 text-xs text-slate-600">{found.note}</p>
            )}
            {found?.suggestions.length === 0 && (
              <p className="px-3 pt-2 text-sm text-slate-700">No events match “{found.text}”.</p>
            )}
            {/* Options take no focus: the box keeps it (aria-activedescendant), so a press must not move it. */}
            <div
              id={LISTBOX_ID}
              role="listbox"
              aria-label="Search suggestions"
              className="max-h-[70vh] overflow-y-auto py-1"
              onMouseDown={(event) => event.preventDefault()}
            >
              {found?.suggestions.map((suggestion, index) => (
                <Option key={suggestion.href} index={index} active={active} choose={choose}>
                  <span className="line-clamp-2 font-medium text-slate-900">{suggestion.title}</span>
                  {suggestion.outcome && (
                    <span className="text-xs text-slate-600">
                      {suggestion.outcome.label}{" "}
                      <span className="font-semibold text-slate-800 tabular-nums">
                        {formatPrice(suggestion.outcome.price)}
                      </span>
                    </span>
                  )}
                </Option>
              ))}
              {found && (
                <Option index={found.suggestions.length} active={active} choose={choose}>
                  <span className="line-clamp-2 text-blue-800">
                    Search all events for “<span className="break-all">{value}</span>”
                  </span>
                </Option>
              )}
            </div>
          </div>
        </>
      )}
    </Form>
  );
}

function Option({
  index,
  active,
  choose,
  children,
}: {
  index: number;
  active: number;
  choose: (index: number) => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the box (aria-activedescendant)
    // biome-ignore lint/a11y/useFocusableInteractive: options take no focus in a combobox: the box keeps it
    <div
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      onClick={() => choose(index)}
      className="flex min-h-10 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm hover:bg-slate-100 aria-selected:bg-blue-50 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-blue-700"
    >
      {children}
    </div>
  );
}
