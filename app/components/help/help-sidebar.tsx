import { Link } from "react-router";
import { Detail } from "~/components/status/detail";
import {
  incidentsFigure,
  lastCheckFigure,
  OVERALL_STYLE,
  OverallHeadline,
} from "~/components/status/overall-status";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { SUPPORT_RESPONSE_TIME } from "~/content/faq";
import type { OverallStatus } from "~/lib/overall-status";
import { SupportEmailLink } from "./support-email";

/**
 * Sidebar: Email Support (a mail draft to SUPPORT_EMAIL) and System Status (SPEC §2). The status is the
 * status page's own: the same overall line, incident count and last check, from the same computation.
 */
export function HelpSidebar({ supportEmail, status }: { supportEmail: string; status: OverallStatus }) {
  const incidents = incidentsFigure(status);
  const lastCheck = lastCheckFigure(status);
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
          <div
            className={`mt-3 rounded-lg border px-3 py-2 text-sm font-medium ${OVERALL_STYLE[status.state].tone}`}
          >
            <OverallHeadline status={status} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <Detail label="Incidents (30 days)">
              <span data-testid="overall-incidents">{incidents.value}</span>
              <span
                className="block text-xs font-normal text-slate-600"
                data-testid="overall-incidents-detail"
              >
                {incidents.detail}
              </span>
            </Detail>
            <Detail label="Last check">
              <span data-testid="overall-last-check">{lastCheck.value}</span>
            </Detail>
          </dl>
          <Link to="/status" className="mt-3 inline-block text-sm font-medium text-blue-800 hover:underline">
            View status page
          </Link>
        </section>
      </Card>
    </aside>
  );
}
