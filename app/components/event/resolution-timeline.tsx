import { ExternalLink } from "~/components/ui/external-link";
import type { EventResolutions, ResolutionRow } from "~/lib/event-page";
import { formatClockUtc, formatMoment } from "~/lib/format";
import { httpsOnly } from "~/lib/links";
import { marketPath } from "~/lib/market-page";
import { type ResolutionStep, resolutionLine, VOTE_WORDS } from "~/lib/resolution";

const LINK = "text-blue-800 underline-offset-2 hover:underline";

/** What an event with no market beyond open says instead of a timeline: still trading, or ended. */
export const NO_PROPOSAL = "Trading: no answer proposed yet.";
export const NO_PROPOSAL_ENDED = "Trading has ended: no answer proposed yet.";
/** How UMA resolves a market, in one line under the timelines. */
export const UMA_METHOD = `An answer proposed to UMA becomes final unless disputed within its challenge window; a disputed answer goes to UMA's vote (${VOTE_WORDS}).`;

/** The words beside one step of a market's timeline. */
function stepDetail(step: ResolutionStep, row: ResolutionRow, now: number): string | null {
  const { resolution } = row;
  if (!step.current) return null;
  const at = step.at === null ? null : formatMoment(step.at, now);
  switch (step.state) {
    case "open":
      return null;
    case "proposed": {
      const answer = resolution.answer === null ? null : `answer ${resolution.answer}`;
      const final =
        resolution.finalAt === null
          ? "final unless disputed"
          : `final at ${formatClockUtc(resolution.finalAt)} unless disputed`;
      return [answer, at === null ? null : `at ${at}`, final].filter((p) => p !== null).join(" · ");
    }
    case "disputed": {
      const answer = resolution.answer === null ? null : `${resolution.answer} was proposed`;
      const end =
        resolution.finalAt === null ? null : `vote expected to end ${formatMoment(resolution.finalAt, now)}`;
      return [answer, end].filter((p) => p !== null).join(" · ") || null;
    }
    case "resolved":
      return (
        [resolution.answer === null ? null : `final: ${resolution.answer}`, at]
          .filter((p) => p !== null)
          .join(" · ") || null
      );
  }
}

function MarketTimeline({ row, now }: { row: ResolutionRow; now: number }) {
  const line = resolutionLine(row.resolution);
  return (
    <li className="flex flex-col gap-2" data-testid="resolution-market" data-state={row.resolution.state}>
      <h3 className="text-base font-semibold break-words text-slate-900">
        {row.marketSlug ? (
          <a href={marketPath(row.marketSlug)} className={LINK}>
            {row.label}
          </a>
        ) : (
          row.label
        )}
      </h3>
      {line ? <p className="text-sm text-slate-800">{line}</p> : null}
      <ol
        className="flex flex-col gap-1 border-l-2 border-slate-300 pl-4 text-sm"
        aria-label={`Resolution of ${row.label}`}
      >
        {row.resolution.steps.map((step) => {
          const detail = stepDetail(step, row, now);
          return (
            <li
              key={step.state}
              aria-current={step.current ? "step" : undefined}
              className={
                step.current
                  ? "font-semibold text-slate-900"
                  : step.reached
                    ? "text-slate-800"
                    : "text-slate-600"
              }
            >
              <span>{step.reached ? (step.current ? "● " : "✓ ") : "○ "}</span>
              <span>{step.label}</span>
              {step.current ? <span className="sr-only"> (now)</span> : null}
              {detail ? <span className="font-normal text-slate-700">: {detail}</span> : null}
            </li>
          );
        })}
      </ol>
    </li>
  );
}

/**
 * The event's resolution: a timeline per market beyond open, or the line that nothing is proposed yet
 * (`ended`: the event's markets are past their end, awaiting an answer).
 */
export function ResolutionTimeline({
  data,
  now,
  ended,
}: {
  data: EventResolutions;
  now: number;
  ended: boolean;
}) {
  const href = data.source ? httpsOnly(data.source) : null;
  return (
    <div className="flex flex-col gap-3" data-testid="event-resolution">
      {data.note ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {data.note}
        </p>
      ) : null}
      {data.rows.length === 0 ? (
        <p className="text-sm text-slate-800">{ended ? NO_PROPOSAL_ENDED : NO_PROPOSAL}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {data.rows.map((row) => (
            <MarketTimeline key={row.marketId} row={row} now={now} />
          ))}
        </ul>
      )}
      {data.more > 0 ? (
        <p className="text-sm text-slate-700">
          And {data.more} more market{data.more === 1 ? "" : "s"} beyond trading (see each market's page).
        </p>
      ) : null}
      <p className="text-sm text-slate-700">{UMA_METHOD}</p>
      <p className="text-sm break-words text-slate-700">
        <span className="font-semibold">Resolution source: </span>
        {href ? (
          <ExternalLink href={href} className={LINK}>
            {data.source ?? ""}
          </ExternalLink>
        ) : (
          (data.source ?? "not given (see the rules)")
        )}
      </p>
    </div>
  );
}
