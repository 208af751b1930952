import { useSupportEmail } from "~/components/help/support-email";
import { LegalPage } from "~/components/legal/legal-page";
import { TERMS_OF_SERVICE } from "~/content/legal";
import { pageMeta, rootData } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: TERMS_OF_SERVICE.title,
    description: TERMS_OF_SERVICE.description,
    origin: rootData(matches).origin,
    path: TERMS_OF_SERVICE.path,
    structuredData: { dateModified: TERMS_OF_SERVICE.lastUpdated.iso },
  });

export default function Page() {
  return <LegalPage doc={TERMS_OF_SERVICE} supportEmail={useSupportEmail()} />;
}
