import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/trading-signals";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Trading Signals",
    description: "Trading Signals on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/trading-signals",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Trading Signals</h1>;
}
