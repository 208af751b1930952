import { useSupportEmail } from "~/components/help/support-email";
import { LegalPage } from "~/components/legal/legal-page";
import { COOKIE_POLICY } from "~/content/legal";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: COOKIE_POLICY.title,
    description: COOKIE_POLICY.description,
    origin: rootData(matches).origin,
    path: COOKIE_POLICY.path,
    structuredData: { dateModified: COOKIE_POLICY.lastUpdated.iso },
  });

export default function Page() {
  return <LegalPage doc={COOKIE_POLICY} supportEmail={useSupportEmail()} />;
}
