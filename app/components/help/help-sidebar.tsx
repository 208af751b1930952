import { Link } from "react-router";
import { ServiceStatusBadge } from "~/components/status/status-badge";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { HELP_SYSTEM_STATUS, SUPPORT_RESPONSE_TIME } from "~/content/faq";
import type { ServiceState } from "~/content/status";
import { SupportEmailLink } from "./support-email";

/**
 * Sidebar: Email Support (a mail draft to SUPPORT_EMAIL) and System Status (SPEC §2). The Data Pipeline
 * line is the real pipeline state; the API and web application are up by construction (they serve this page).
 */
export function HelpSidebar({ supportEmail, pipeline }: { supportEmail: string; pipeline: ServiceState }) {
  return (
    <aside aria-label="Support" className="space-y-4">
      <Card className="p-4">
        <section aria-labelledby="email-support">
          <h2 id="email-support" className="text-lg font-semibold">
            Email Support
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Questions, bugs or wrong data? Response within {SUPPORT_RESPONSE_TIME}.
          </p>
          <SupportEmailLink
            email={supportEmail}
            className="mt-3 inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-md bg-blue-700 px-4 text-sm font-medium break-all text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <Icon name="mail" />
            {supportEmail}
          </SupportEmailLink>
        </section>
      </Card>
      <Card className="p-4">
        <section aria-labelledby="help-system-status">
          <h2 id="help-system-status" className="text-lg font-semibold">
            System Status
          </h2>
          <ul className="mt-3 space-y-2">
            {HELP_SYSTEM_STATUS.map((name) => (
              <li key={name} className="flex items-center justify-between gap-2 text-sm">
                <span>{name}</span>
                <ServiceStatusBadge status={name === "Data Pipeline" ? pipeline : "operational"} />
              </li>
            ))}
          </ul>
          <Link to="/status" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
            View status page
          </Link>
        </section>
      </Card>
    </aside>
  );
}
