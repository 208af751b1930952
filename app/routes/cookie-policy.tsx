import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Cookie Policy",
    description: "Cookie Policy on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/cookie-policy",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Cookie Policy</h1>;
}
