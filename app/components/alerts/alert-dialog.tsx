/**
 * The "Alert me" dialog (decision 0043): a native modal <dialog> (focus kept inside, Escape
 * closes, the page behind inert) offering the rules the API takes for an event or a wallet. Permission is
 * asked only after "Turn on alert" is pressed; the outcome is said in the dialog (role="status" when it
 * worked, role="alert" when it did not).
 */
import { useEffect, useId, useRef, useState } from "react";
import {
  type AlertRuleType,
  type AlertTarget,
  buildRule,
  describeRule,
  type EventRuleType,
  GAP_ALERT_CENTS,
  PRICE_MOVE_POINTS,
  rulesFor,
  WALLET_ALERT_USD,
  WHALE_ALERT_USD,
} from "~/lib/alerts";
import { formatMoney } from "~/lib/format";
import { type AlertOutcome, turnOnAlert } from "./push";
import { useAlerts } from "./store";

const EVENT_CHOICES: { type: EventRuleType; label: string }[] = [
  { type: "price_move", label: "The price moves within an hour" },
  { type: "whale", label: "Someone makes a large trade" },
  { type: "call_change", label: "Our AI call changes" },
  { type: "resolution", label: "An answer is proposed, disputed or final (UMA)" },
  { type: "gap", label: "Kalshi's price comes apart from Polymarket's (a paired market)" },
];

const SELECT =
  "min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function Outcome({ outcome }: { outcome: AlertOutcome | null }) {
  // Both regions are always in the page, so a screen reader hears a message when it is set.
  return (
    <div className="-mt-2 flex flex-col gap-1">
      <p role="status" className="text-sm font-medium text-emerald-800" data-testid="alert-status">
        {outcome?.ok ? outcome.message : ""}
      </p>
      <p role="alert" className="text-sm font-medium text-rose-800" data-testid="alert-error">
        {outcome && !outcome.ok ? outcome.message : ""}
      </p>
    </div>
  );
}

/** The dialog, opened as a modal when mounted; `onClose` when it closes (Escape, Cancel, Close). */
export function AlertDialog({
  target,
  publicKey,
  onClose,
}: {
  target: AlertTarget;
  publicKey: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [type, setType] = useState<AlertRuleType>(target.kind === "wallet" ? "wallet" : "price_move");
  const [points, setPoints] = useState<number>(10);
  const [cents, setCents] = useState<number>(5);
  const [minUsd, setMinUsd] = useState<number>(target.kind === "wallet" ? 50_000 : 100_000);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AlertOutcome | null>(null);
  const stored = useAlerts();
  const subject = target.kind === "wallet" ? target.wallet.toLowerCase() : target.slug;
  const current = rulesFor(stored?.rules ?? [], subject);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const rule = buildRule(target, { type, points, minUsd, cents });
    if (!rule) {
      setOutcome({ ok: false, message: "That choice can't be used. Pick another." });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await turnOnAlert(publicKey, rule, target.title));
    } catch (error) {
      setOutcome({ ok: false, message: `Something went wrong: ${String(error)}. Please try again.` });
    } finally {
      setBusy(false);
    }
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop only; Escape closes it natively
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-about`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) ref.current.close();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      data-testid="alert-dialog"
    >
      <form onSubmit={confirm} className="flex flex-col gap-4 p-5">
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Alert me
          </h2>
          <p className="text-sm font-medium break-words text-slate-800">{target.title}</p>
          <p id={`${id}-about`} className="text-sm text-slate-700">
            {target.kind === "wallet"
              ? "We send a notification to this browser when this trader makes a large trade."
              : "We send a notification to this browser when something happens in this event (any of its markets)."}{" "}
            Your browser asks to allow notifications after you press Turn on alert. No account; the alert is
            kept by this browser.
          </p>
        </div>

        {target.kind === "wallet" ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            Any trade of at least
            <select className={SELECT} value={minUsd} onChange={(e) => setMinUsd(Number(e.target.value))}>
              {WALLET_ALERT_USD.map((m) => (
                <option key={m} value={m}>
                  {formatMoney(m)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold">Alert me when</legend>
              {EVENT_CHOICES.map((choice) => (
                <label key={choice.type} className="flex min-h-8 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value={choice.type}
                    checked={type === choice.type}
                    onChange={() => setType(choice.type)}
                    className="size-4 accent-blue-700"
                  />
                  {choice.label}
                </label>
              ))}
            </fieldset>
            {type === "price_move" ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                By at least
                <select className={SELECT} value={points} onChange={(e) => setPoints(Number(e.target.value))}>
                  {PRICE_MOVE_POINTS.map((p) => (
                    <option key={p} value={p}>
                      {`${p} points`}
                    </option>
                  ))}
                </select>
              </label>
            ) : type === "whale" ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                A single trade of at least
                <select className={SELECT} value={minUsd} onChange={(e) => setMinUsd(Number(e.target.value))}>
                  {WHALE_ALERT_USD.map((m) => (
                    <option key={m} value={m}>
                      {formatMoney(m)}
                    </option>
                  ))}
                </select>
              </label>
            ) : type === "gap" ? (
              <label className="flex flex-col gap-1 text-sm font-medium">
                By at least (before fees; the two venues' rules can differ)
                <select className={SELECT} value={cents} onChange={(e) => setCents(Number(e.target.value))}>
                  {GAP_ALERT_CENTS.map((c) => (
                    <option key={c} value={c}>
                      {`${c}¢`}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </>
        )}

        {current.length > 0 ? (
          <div className="text-sm text-slate-700" data-testid="alert-current">
            <p className="font-semibold text-slate-800">Already on here:</p>
            <ul className="list-disc pl-5">
              {current.map((rule) => (
                <li key={describeRule(rule)}>{describeRule(rule)}</li>
              ))}
            </ul>
            <p>
              Remove alerts under Your alerts on your{" "}
              <a href="/watchlist#alerts" className="text-blue-800 underline">
                watchlist
              </a>
              .
            </p>
          </div>
        ) : null}

        <Outcome outcome={outcome} />

        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
            {outcome?.ok ? "Close" : "Cancel"}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-disabled={busy}>
            {busy ? "Turning on…" : "Turn on alert"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
