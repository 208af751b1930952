import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { readSearch } from "~/lib/search";

/** The help search's query parameter. */
export const HELP_QUERY_PARAM = "q";

/**
 * The help search text, synchronised with `?q=`. The box filters at once from local state; the URL
 * follows: the first keystroke of a search pushes one history entry (Back returns to the unfiltered
 * list), later keystrokes replace it. Back/forward (or any link that changes `q`) moves the box.
 */
export function useHelpQuery(): { query: string; setQuery: (next: string) => void } {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const urlQuery = readSearch(params, HELP_QUERY_PARAM);
  const [query, setLocalQuery] = useState(urlQuery);
  // URL values this hook asked for that have not arrived yet. Router updates commit in transitions,
  // so while typing fast the URL can arrive one keystroke late; without this, that stale echo would
  // overwrite what the visitor just typed.
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const echo = pending.current.indexOf(urlQuery);
    if (echo !== -1) {
      pending.current = pending.current.slice(echo + 1);
      return;
    }
    pending.current = [];
    setLocalQuery(urlQuery);
  }, [urlQuery]);

  function setQuery(next: string) {
    setLocalQuery(next);
    const value = next.trim() === "" ? "" : next;
    const searching = urlQuery !== "" || pending.current.some((sent) => sent !== "");
    pending.current.push(value);
    const search = value === "" ? "" : `?${new URLSearchParams({ [HELP_QUERY_PARAM]: value })}`;
    navigate({ pathname, search }, { replace: searching, preventScrollReset: true });
  }

  return { query, setQuery };
}
