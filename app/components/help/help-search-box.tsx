import { SEARCH_MAX_LENGTH } from "~/lib/search";
import { HELP_QUERY_PARAM } from "./use-help-query";

/**
 * The help search (SPEC §2). A GET form, so without JavaScript Enter reloads the page filtered on the
 * server; with JavaScript the list filters as you type and submitting adds nothing.
 */
export function HelpSearchBox({
  query,
  onQueryChange,
}: {
  query: string;
  onQueryChange: (next: string) => void;
}) {
  return (
    <search aria-label="Help articles">
      <form method="get" action="/help-center" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="help-search" className="mb-1 block text-sm font-medium text-slate-800">
          Search help articles
        </label>
        <input
          id="help-search"
          type="search"
          name={HELP_QUERY_PARAM}
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          placeholder="Try “estimated” or “whale”"
          maxLength={SEARCH_MAX_LENGTH}
          title={`Up to ${SEARCH_MAX_LENGTH} characters`}
          autoComplete="off"
          enterKeyHint="search"
          className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-blue-700"
        />
      </form>
    </search>
  );
}
