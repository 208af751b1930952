import { apiExamples, apiReference } from "~/.server/api-v1/reference";
import { requestContext } from "~/.server/context";
import { ApiReferenceView } from "~/components/api-access/api-reference-view";
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

export async function loader({ context, request }: Route.LoaderArgs) {
  const { deps, config } = context.get(requestContext);
  const origin = siteOrigin(config.siteUrl, request.url);
  const examples = apiExamples(deps);
  // Warm data renders in the first pass (readable without JavaScript); a cold cache streams.
  const ready = await Promise.race([
    examples,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), EXAMPLES_WAIT_MS)),
  ]);
  return { origin, reference: await apiReference(origin), examples: ready ?? examples };
}

export default function ApiAccess({ loaderData }: Route.ComponentProps) {
  const { reference, examples, origin } = loaderData;
  return <ApiReferenceView reference={reference} examples={examples} origin={origin} />;
}
