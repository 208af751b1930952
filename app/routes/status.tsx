import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/status";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "System Status",
    description: "System Status on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/status",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">System Status</h1>;
}
