import { ApiAccessView } from "~/components/api-access/api-access-view";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/api-access";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "API Access",
    description:
      "The planned OddsPulse API: prediction-market data, sentiment and signals over REST with bearer keys. Free tier 1,000 requests/month, Pro $49/month, Enterprise custom.",
    origin: rootData(matches).origin,
    path: "/api-access",
    structuredData: { about: "Planned OddsPulse API (coming soon)" },
  });

export default function ApiAccess() {
  return <ApiAccessView />;
}
