import { requestContext } from "~/.server/context";
import { apiAccessPage } from "~/.server/pages/api-access";
import { ApiReferenceView } from "~/components/api-access/api-reference-view";
import { useCopyButtons } from "~/components/api-access/copy-button";
import { ServerHtml } from "~/components/ui/server-html";
import { pageMeta, rootData } from "~/lib/seo";
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

/** The element that holds the reference. */
const BODY_ID = "api-access-body";

export function loader({ context, request }: Route.LoaderArgs) {
  return apiAccessPage(context.get(requestContext), request, BODY_ID);
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
