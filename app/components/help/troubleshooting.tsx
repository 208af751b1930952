import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { SUPPORT_RESPONSE_TIME, TROUBLESHOOTING } from "~/content/faq";
import { SupportEmailLink } from "./support-email";

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** The Troubleshooting tab: three common issues with steps, then the Still Need Help card. */
export function Troubleshooting({ supportEmail }: { supportEmail: string }) {
  return (
    <div className="space-y-4">
      {TROUBLESHOOTING.map((issue, index) => (
        <Card key={issue.id} className="p-4" data-testid="troubleshooting-issue">
          <section aria-labelledby={`issue-${issue.id}`}>
            <h2 id={`issue-${issue.id}`} className="text-lg font-semibold">
              <span className="text-slate-500">{index + 1}. </span>
              {issue.title}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{issue.symptom}</p>
            <h3 className="mt-3 text-sm font-semibold text-slate-900">What to try</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
              {issue.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </Card>
      ))}
      <div
        className="rounded-xl border border-blue-200 bg-blue-50 p-5 shadow-sm"
        data-testid="still-need-help"
      >
        <section aria-labelledby="still-need-help">
          <h2 id="still-need-help" className="text-lg font-semibold text-blue-950">
            Still Need Help?
          </h2>
          <p className="mt-1 text-sm text-blue-950">
            Write to us with the page address and what you saw. We respond within {SUPPORT_RESPONSE_TIME}.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <SupportEmailLink
              email={supportEmail}
              className={`${BUTTON} bg-blue-700 text-white hover:bg-blue-800`}
            >
              Contact Support
            </SupportEmailLink>
            <Link
              to="/status"
              className={`${BUTTON} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}
            >
              Check System Status
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
