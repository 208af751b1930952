import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/sentiment-analysis";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sentiment Analysis",
    description: "Sentiment Analysis on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/sentiment-analysis",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Sentiment Analysis</h1>;
}
