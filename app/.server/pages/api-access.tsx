/** `/api-access`: the API's reference with live examples from this deployment's own answers. */
import { ApiReferenceView } from "~/components/api-access/api-reference-view";
import { siteOrigin } from "~/lib/seo";
import { apiExamples, apiReference } from "../api-v1/reference";
import type { RequestContext } from "../context";
import { htmlOnce } from "../server-html";
import { isDataRequest } from "../single-fetch";

/** Examples that are not ready within this stream in after the rest of the page. */
const EXAMPLES_WAIT_MS = 1_000;

/**
 * The reference with its examples. A document with the examples ready gets its HTML made once per
 * origin and examples (a thousand elements, a fifth of a render's CPU otherwise) and no loader data
 * for it (decision 0046). A client-side navigation, or a cold cache that streams, gets the data.
 */
export async function apiAccessPage(
  { deps, config, serverHtml }: RequestContext,
  request: Request,
  bodyId: string,
) {
  const origin = siteOrigin(config.siteUrl, request.url);
  const examples = apiExamples(deps);
  // Warm data renders in the first pass (readable without JavaScript); a cold cache streams.
  const ready = await Promise.race([
    examples,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), EXAMPLES_WAIT_MS)),
  ]);
  const reference = await apiReference(origin);
  if (ready && !isDataRequest(request)) {
    serverHtml.set(
      bodyId,
      htmlOnce(ready, origin, () => (
        <ApiReferenceView reference={reference} examples={ready} origin={origin} />
      )),
    );
    return { view: null };
  }
  return { view: { reference, examples: ready ?? examples, origin } };
}
