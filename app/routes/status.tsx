import { requestContext } from "~/.server/context";
import { statusPage } from "~/.server/pages/status";
import { StatusPage, type StatusView } from "~/components/status/status-page";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/status";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "System Status",
    description:
      "OddsPulse system status: when markets, whale trades, X mentions and AI sentiment were last refreshed, each upstream's uptime and incidents, plus sample maintenance and performance information.",
    origin: rootData(matches).origin,
    path: "/status",
  });

export function loader({ context }: Route.LoaderArgs): Promise<StatusView> {
  return statusPage(context.get(requestContext));
}

export default function Status({ loaderData }: Route.ComponentProps) {
  return <StatusPage view={loaderData} />;
}
