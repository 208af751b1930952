import { useCallback } from "react";
import { useNavigate } from "react-router";

/**
 * One click handler for the plain links of the site's header and footer: a plain left click navigates in
 * the app, as React Router's `<Link>` does (the same location replaces the history entry); a click with a
 * modifier key or another button is the browser's (a new tab, a new window). The header and footer carry
 * thirty links, and a `<Link>` each resolved its path against the route tree on every server render: about
 * a tenth of a small page's CPU (decision 0045). The links keep `data-discover`, so the router still learns
 * their routes ahead of a click.
 */
export function useLinkNavigation(): (event: React.MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: React.MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute("href");
      if (!href) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(href, { replace: href === here });
    },
    [navigate],
  );
}

/** Whether `path` is the page at `pathname` (as an `end` NavLink decides: case and a trailing slash aside). */
export function isCurrentPath(pathname: string, path: string): boolean {
  const normal = (p: string) => p.toLowerCase().replace(/(.)\/+$/, "$1");
  return normal(pathname) === normal(path);
}
