/**
 * "Your alerts" on /watchlist (decision 0043): every rule this browser has, each with a
 * Remove button. Removing posts the reduced set; the last one deletes the subscription and unsubscribes.
 * Rendered after hydration only (the alerts are this browser's).
 */
import { useEffect, useRef, useState } from "react";
import { type AlertRule, describeRule, ruleKey, ruleSubject } from "~/lib/alerts";
import { eventPath } from "~/lib/event-page";
import { shortenAddress, traderPath } from "~/lib/whales";
import { type AlertOutcome, removeAlert } from "./push";
import { useAlerts } from "./store";
import { usePushKey } from "./support";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

function Subject({ rule, name }: { rule: AlertRule; name: string | undefined }) {
  const subject = ruleSubject(rule);
  const href = rule.type === "wallet" ? traderPath(subject) : eventPath(subject);
  const text = name ?? (rule.type === "wallet" ? shortenAddress(subject) : subject);
  return (
    <a href={href} className={`${LINK} font-semibold break-words`}>
      {text}
    </a>
  );
}

/** The list, or nothing when alerts are neither stored here nor possible here. */
export function YourAlerts() {
  const stored = useAlerts();
  const publicKey = usePushKey();
  const rules = stored?.rules ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<AlertOutcome | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a removal focus moves to the Remove button that took its place, or the heading.
  const focusIndex = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rule set changed
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else headingRef.current?.focus();
  }, [rules.length]);

  if (rules.length === 0 && publicKey === null) return null;

  const remove = async (rule: AlertRule, index: number) => {
    // Not `disabled` while one is under way: that would drop the keyboard's focus.
    if (busy !== null) return;
    const key = ruleKey(rule);
    setBusy(key);
    setOutcome(null);
    // Set first: the stored set changes (and the effect runs) before removeAlert resolves.
    focusIndex.current = index;
    try {
      const result = await removeAlert(publicKey, key);
      if (!result.ok) focusIndex.current = null;
      setOutcome(result);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      id="alerts"
      aria-labelledby="alerts-heading"
      className="flex flex-col gap-3"
      data-testid="your-alerts"
    >
      <h2 id="alerts-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        Your alerts
      </h2>
      <p role="status" className="text-sm font-medium text-emerald-800 empty:hidden">
        {outcome?.ok ? outcome.message : ""}
      </p>
      <p role="alert" className="text-sm font-medium text-rose-800 empty:hidden" data-testid="alerts-error">
        {outcome && !outcome.ok ? outcome.message : ""}
      </p>
      {rules.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="alerts-empty">
          No alerts yet. Press Alert me on a starred market, an event or a trader page to get a notification
          in this browser when the price moves, a large trade comes in, our call changes or an answer is
          proposed, disputed or final.
        </p>
      ) : (
        <ul ref={listRef} className="card divide-y divide-slate-200" data-testid="alerts-list">
          {rules.map((rule, index) => {
            const key = ruleKey(rule);
            const description = describeRule(rule);
            const name = stored?.names[ruleSubject(rule)];
            return (
              <li
                key={key}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3"
                data-testid="alert-rule"
              >
                <p className="min-w-0 flex-1 text-sm text-slate-800">
                  <Subject rule={rule} name={name} />
                  <span className="block">{description}</span>
                </p>
                <button
                  type="button"
                  className="btn btn-outline min-h-9 px-3 text-xs"
                  onClick={() => void remove(rule, index)}
                  aria-disabled={busy !== null}
                  aria-label={`Remove alert: ${description}, ${name ?? ruleSubject(rule)}`}
                >
                  {busy === key ? "Removing…" : "Remove"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
