import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { PricingTier } from "~/content/api-access";

/** SPEC §6 tiers. Waitlist disabled; Upgrade to Pro and Contact Sales have no behaviour (SPEC §2). */
export function PricingCards({ tiers }: { tiers: readonly PricingTier[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {tiers.map((tier) => (
        <li key={tier.id}>
          <Card
            className={`flex h-full flex-col p-5 ${tier.highlighted ? "ring-2 ring-blue-700" : ""}`}
            data-testid={`pricing-${tier.id}`}
          >
            <h3 className="text-lg font-semibold">{tier.name}</h3>
            <p className="mt-2">
              <span className="text-3xl font-bold">{tier.price}</span>
              {tier.period && <span className="text-slate-600">{tier.period}</span>}
            </p>
            <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-slate-800">
              {[tier.requests, ...tier.features].map((feature) => (
                <li key={feature} className="flex gap-2">
                  <span aria-hidden="true" className="text-emerald-700">
                    ✓
                  </span>
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            <Button
              className="mt-5 w-full"
              variant={tier.highlighted ? "primary" : "outline"}
              disabled={tier.action.disabled}
            >
              {tier.action.label}
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
