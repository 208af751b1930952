import { PageHeader } from "~/components/insights/layout";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  CODE_SAMPLES,
  ENDPOINT_GROUPS,
  FEATURE_CARDS,
  PRICING_TIERS,
  QUICK_START_REQUEST,
  QUICK_START_STEPS,
} from "~/content/api-access";
import { CodeBlock } from "./code-block";
import { EndpointTabs } from "./endpoint-tabs";
import { PricingCards } from "./pricing-cards";

function ComingSoonBanner() {
  return (
    <section
      aria-labelledby="api-coming-soon"
      className="mb-8 rounded-xl bg-blue-50 p-5 ring-1 ring-blue-700/20 sm:p-6"
    >
      <h2 id="api-coming-soon" className="text-xl font-semibold text-blue-950">
        Coming Soon
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        The OddsPulse API is in development. Sign up to be notified when it opens.
      </p>
      {/* Sign-up is not open: nothing is collected, so the form cannot be submitted. */}
      <form className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end" aria-describedby="api-notify-note">
        <div className="flex flex-col gap-1 sm:w-80">
          <label htmlFor="api-notify-email" className="text-sm font-medium text-slate-900">
            Email address
          </label>
          <input
            id="api-notify-email"
            type="email"
            autoComplete="email"
            disabled
            placeholder="you@example.com"
            className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm disabled:cursor-not-allowed disabled:bg-slate-100"
          />
        </div>
        <Button type="submit" disabled>
          Notify Me
        </Button>
      </form>
      <p id="api-notify-note" className="mt-2 text-xs text-slate-700">
        Notification sign-up opens soon.
      </p>
    </section>
  );
}

/** /api-access: the teaser of SPEC §2. Nothing here calls anything. */
export function ApiAccessView() {
  return (
    <>
      <PageHeader title="API Access" badges={<Badge variant="warning">Coming Soon</Badge>}>
        Market data, sentiment and signals for your own tools. The API is planned; the endpoints below are a
        preview and do not answer yet.
      </PageHeader>
      <ComingSoonBanner />

      <section aria-labelledby="api-quick-start" className="mb-10">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h2 id="api-quick-start" className="text-xl font-semibold">
            Quick start
          </h2>
          <Badge variant="secondary">Planned</Badge>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <ol className="flex flex-col gap-3">
            {QUICK_START_STEPS.map((step, i) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="text-sm text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <CodeBlock code={QUICK_START_REQUEST} label="Example request" />
        </div>
      </section>

      <section aria-labelledby="api-endpoints" className="mb-10">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h2 id="api-endpoints" className="text-xl font-semibold">
            Endpoints
          </h2>
          <Badge variant="outline">Preview</Badge>
        </div>
        <EndpointTabs groups={ENDPOINT_GROUPS} />
      </section>

      <section aria-labelledby="api-pricing" className="mb-10">
        <h2 id="api-pricing" className="mb-3 text-xl font-semibold">
          Pricing
        </h2>
        <PricingCards tiers={PRICING_TIERS} />
      </section>

      <section aria-labelledby="api-examples" className="mb-10">
        <h2 id="api-examples" className="mb-3 text-xl font-semibold">
          Examples
        </h2>
        {/* One column: side by side, 80-character lines would wrap even on wide screens. */}
        <div className="grid gap-4">
          {CODE_SAMPLES.map((sample) => (
            <CodeBlock key={sample.id} code={sample.code} label={sample.language} />
          ))}
        </div>
      </section>

      <section aria-labelledby="api-features">
        <h2 id="api-features" className="mb-3 text-xl font-semibold">
          Features
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {FEATURE_CARDS.map((f) => (
            <Card key={f.title} className="p-5">
              <h3 className="font-semibold">{f.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{f.text}</p>
            </Card>
          ))}
        </div>
      </section>
    </>
  );
}
