import { createContext } from "react-router";
import type { Config } from "./config";
import type { Deps } from "./deps";

/** What the Worker hands every loader and the document render. */
export interface RequestContext {
  config: Config;
  deps: Deps;
  /** Per-response CSP nonce for inline scripts. */
  nonce: string;
  /** Whether the client is a crawler: it gets the complete page in one piece, and its own page memory. */
  bot: boolean;
  /** Where the document entry leaves a finished page's HTML for the page memory (null while it streams). */
  rendered: { html: string | null };
  /** HTML a loader rendered ahead for this document, by element id (`ServerHtml`, decision 0046). */
  serverHtml: Map<string, string>;
  /** Set when a page was asked for with a method it does not take (POST, PUT …): the 405 page renders. */
  refusedMethod?: string;
}

export const requestContext = createContext<RequestContext>();
