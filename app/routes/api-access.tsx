import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/api-access";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "API Access",
    description: "API Access on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/api-access",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">API Access</h1>;
}
