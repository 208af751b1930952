import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/help-center";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Help Center",
    description: "Help Center on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/help-center",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Help Center</h1>;
}
