import { apiExamples, apiReference } from "~/.server/api-v1/reference";
import { requestContext } from "~/.server/context";
import { htmlOnce } from "~/.server/server-html";
import { isDataRequest } from "~/.server/single-fetch";
import { ApiReferenceView } from "~/components/api-access/api-reference-view";
import { useCopyButtons } from "~/components/api-access/copy-button";
import { ServerHtml } from "~/components/ui/server-html";
import { pageMeta, rootData, siteOrigin } from "~/lib/seo";
import type { Route } from "./+types/api-access";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "API Access: Free Prediction-Market API",
    description:
      "A free, read-only JSON API with no key: Polymarket events and markets with forecasts and sentiment analysis, whale trades, our graded track record and status. OpenAPI 3.1, ETags, CORS, 120 requests a minute.",
    origin: rootData(matches).origin,
    path: "/api-access",
    structuredData: { about: "OddsPulse public API v1" },
  });

/** Examples that are not ready within this stream in after the rest of the page. */
const EXAMPLES_WAIT_MS = 1_000;

/** The element that holds the reference. */
const BODY_ID = "api-access-body";

/**
 * The reference with its examples. A document with the examples ready gets its HTML made once per
 * origin and examples (a thousand elements, a fifth of a render's CPU otherwise) and no loader data
 * for it (decision 0046). A client-side navigation, or a cold cache that streams, gets the data.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { deps, config, serverHtml } = context.get(requestContext);
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
      BODY_ID,
      htmlOnce(ready, origin, () => (
        <ApiReferenceView reference={reference} examples={ready} origin={origin} />
      )),
    );
    return { view: null };
  }
  return { view: { reference, examples: ready ?? examples, origin } };
}

export default function ApiAccess({ loaderData: { view } }: Route.ComponentProps) {
  useCopyButtons();
  return view ? (
    <div id={BODY_ID}>
      <ApiReferenceView reference={view.reference} examples={view.examples} origin={view.origin} />
    </div>
  ) : (
    <ServerHtml id={BODY_ID} />
  );
}
