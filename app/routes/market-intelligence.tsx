import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/market-intelligence";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Market Intelligence",
    description: "Market Intelligence on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/market-intelligence",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Market Intelligence</h1>;
}
