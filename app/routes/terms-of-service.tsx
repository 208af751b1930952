import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms of Service",
    description: "Terms of Service on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/terms-of-service",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Terms of Service</h1>;
}
