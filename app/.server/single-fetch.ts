/**
 * React Router's single fetch: a client-side navigation asks for a page's loader data at the page's path
 * plus `.data` (`/_.data` for `/`); a document request asks for the path itself. Loaders see either.
 */
const DATA_SUFFIX = /(?:\/_)?\.data$/;

/** The page's path, whichever of the two asked: `/politics.data` is `/politics`, `/_.data` is `/`. */
export function pagePath(url: URL): string {
  return url.pathname.replace(DATA_SUFFIX, "") || "/";
}

/** Whether the loader data goes to a client-side navigation, not into a document's render. */
export function isDataRequest(request: Request): boolean {
  return DATA_SUFFIX.test(new URL(request.url).pathname);
}
