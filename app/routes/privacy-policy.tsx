import { useSupportEmail } from "~/components/help/support-email";
import { LegalPage } from "~/components/legal/legal-page";
import { PRIVACY_POLICY } from "~/content/legal";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: PRIVACY_POLICY.title,
    description: PRIVACY_POLICY.description,
    origin: rootData(matches).origin,
    path: PRIVACY_POLICY.path,
    structuredData: { dateModified: PRIVACY_POLICY.lastUpdated.iso },
  });

export default function Page() {
  return <LegalPage doc={PRIVACY_POLICY} supportEmail={useSupportEmail()} />;
}
