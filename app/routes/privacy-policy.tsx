import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description: "Privacy Policy on OddsPulse.",
    origin: rootData(matches).origin,
    path: "/privacy-policy",
  });

export default function Page() {
  return <h1 className="text-3xl font-bold">Privacy Policy</h1>;
}
