import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/whale-watch";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Whale Watch",
    description: "Whale Watch on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/whale-watch",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Whale Watch</h1>;
}
