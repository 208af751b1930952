import { ExternalLink } from "~/components/ui/external-link";
import { CATEGORIES } from "~/lib/categories";
import {
  COMPARE_PARAMS,
  type CompareData,
  type CompareRow,
  MAX_MIN_GAP_CENTS,
  NOT_ARBITRAGE,
} from "~/lib/compare";
import { centsText, GAP_CONTRACTS } from "~/lib/cross-venue";
import { formatMoment, formatNumber, formatPrice, formatScore } from "~/lib/format";

const LINK =
  "text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700";
const NOTICE = "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950";

const at = (iso: string, now: number) => formatMoment(Date.parse(iso), now);

/** The filters: a GET form, so they work without JavaScript and every view has its URL. */
function Filters({ data }: { data: CompareData }) {
  return (
    <form method="get" action="/compare" className="flex flex-wrap items-end gap-3" aria-label="Filter pairs">
      <label className="flex flex-col gap-1 text-sm text-slate-800">
        Category
        <select
          name={COMPARE_PARAMS.category}
          defaultValue={data.filters.category ?? ""}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
        >
          <option value="">Every category</option>
          {CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm text-slate-800">
        Minimum gap after fees (¢)
        <input
          type="number"
          name={COMPARE_PARAMS.minGap}
          min={0}
          max={MAX_MIN_GAP_CENTS}
          step="0.1"
          inputMode="decimal"
          defaultValue={data.filters.minGapCents ?? ""}
          className="min-h-11 w-32 rounded-md border border-slate-400 bg-white px-2"
        />
      </label>
      <button
        type="submit"
        className="min-h-11 rounded-md bg-blue-800 px-4 font-medium text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        Show
      </button>
    </form>
  );
}

function Side({
  venue,
  question,
  price,
  detail,
  readAt,
  url,
  rulesUrl,
  now,
}: {
  venue: string;
  question: string;
  price: number;
  detail: string | null;
  readAt: string;
  url: string | null;
  rulesUrl: string | null;
  now: number;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{venue}</p>
      <p className="break-words text-slate-900">{question}</p>
      <p className="text-slate-900">
        Yes <span className="font-semibold tabular-nums">{formatPrice(price)}</span>
        {detail && <span className="text-slate-700"> ({detail})</span>}
      </p>
      <p className="text-xs text-slate-600">Read {at(readAt, now)}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {url && (
          <ExternalLink href={url} className={`${LINK} inline-block py-1`}>
            Market on {venue}
          </ExternalLink>
        )}
        {rulesUrl && (
          <ExternalLink href={rulesUrl} className={`${LINK} inline-block py-1`}>
            {venue}'s rules
          </ExternalLink>
        )}
      </p>
    </div>
  );
}

function kalshiDetail(row: CompareRow): string | null {
  const parts: string[] = [];
  if (row.kalshi.bid !== null && row.kalshi.ask !== null)
    parts.push(`bid ${formatPrice(row.kalshi.bid)} / ask ${formatPrice(row.kalshi.ask)}`);
  if (row.kalshi.volume24h !== null) parts.push(`${formatNumber(row.kalshi.volume24h)} contracts in 24 h`);
  return parts.length > 0 ? parts.join(", ") : null;
}

function feesText(row: CompareRow): string {
  const kalshi = `Kalshi ${centsText(row.kalshiFee).replace("+", "")}`;
  const polymarket =
    row.polymarketFee === null
      ? "Polymarket's fee not included (not known for this market)"
      : `Polymarket ${centsText(row.polymarketFee).replace("+", "")}`;
  return `Fees a contract on ${GAP_CONTRACTS} contracts: ${kalshi}, ${polymarket}.`;
}

function PairRow({ row, now }: { row: CompareRow; now: number }) {
  const cheaper = row.gap > 0 ? "Polymarket" : row.gap < 0 ? "Kalshi" : null;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-white p-4"
      data-testid="compare-row"
    >
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <p className="text-lg font-semibold text-slate-900">
          Gap after fees <span className="tabular-nums">{centsText(row.gapAfterFees)}</span>
        </p>
        <p className="text-sm text-slate-700">
          Kalshi − Polymarket: <span className="tabular-nums">{centsText(row.gap)}</span>
          {cheaper && ` (Yes is cheaper on ${cheaper})`}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Side
          venue="Polymarket"
          question={row.polymarket.question}
          price={row.polymarket.yes}
          detail={null}
          readAt={row.polymarket.readAt}
          url={row.polymarket.url}
          rulesUrl={row.polymarket.rulesUrl}
          now={now}
        />
        <Side
          venue="Kalshi"
          question={row.kalshi.label ? `${row.kalshi.question} (${row.kalshi.label})` : row.kalshi.question}
          price={row.kalshi.yes}
          detail={kalshiDetail(row)}
          readAt={row.kalshi.readAt}
          url={row.kalshi.url}
          rulesUrl={row.kalshi.rulesUrl}
          now={now}
        />
      </div>
      <p className="text-sm text-slate-700">{feesText(row)}</p>
      {row.endDatesApartDays !== null && (
        <p className="text-sm font-medium text-amber-900" data-testid="end-dates-differ">
          {`End dates differ by ${row.endDatesApartDays} days.`}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {row.match.decidedBy === "confirmed"
          ? "Matched by hand"
          : `Matched with score ${formatScore(row.match.score, 2)}`}
        {row.match.reasons.length > 0 && `: ${row.match.reasons.join("; ")}`}.
      </p>
    </li>
  );
}

/** `/compare`: the filters, then the matched pairs by gap after fees, or why there are none. */
export function ComparePage({ data, now }: { data: CompareData; now: number }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Polymarket vs Kalshi</h1>
        <p className="max-w-3xl text-slate-700">
          The same questions on both venues, matched by their words, dates, thresholds and outcomes, by the
          gap left after both venues' taker fees on a {GAP_CONTRACTS}-contract trade (buy Yes where it is
          cheaper and No on the other), largest first.{" "}
          <strong className="font-semibold text-slate-900">{NOT_ARBITRAGE}</strong> Read both venues' rules
          before trading.
        </p>
      </header>
      <Filters data={data} />
      {data.message && data.state !== "unavailable" && (
        <p role="status" className={NOTICE} data-testid="compare-message">
          {data.message}
        </p>
      )}
      {data.state === "pairs" && (
        <section aria-labelledby="pairs-heading" className="flex flex-col gap-3">
          <h2 id="pairs-heading" className="text-xl font-semibold text-slate-900">
            {data.rows.length === data.total
              ? `${data.rows.length} matched ${data.rows.length === 1 ? "market" : "markets"}`
              : `${data.rows.length} of ${data.total} matched markets`}
          </h2>
          <ol className="flex flex-col gap-3">
            {data.rows.map((row) => (
              <PairRow key={row.polymarket.id} row={row} now={now} />
            ))}
          </ol>
        </section>
      )}
      {data.state === "none-above" && (
        <p role="status" className={NOTICE} data-testid="compare-none-above">
          None of the {data.total} matched markets passes these filters.{" "}
          <a href="/compare" className={LINK}>
            Show every pair
          </a>
        </p>
      )}
      {data.state === "no-pairs" && (
        <p role="status" className={NOTICE} data-testid="compare-no-pairs">
          No Polymarket market shown here is matched with a Kalshi market yet. Pairs are matched after each
          full read of Kalshi's markets
          {data.kalshiReadAt ? ` (the last finished ${at(data.kalshiReadAt, now)})` : " (none finished yet)"}.
        </p>
      )}
      {data.state === "unavailable" && (
        <p role="status" className={NOTICE} data-testid="compare-unavailable">
          {data.message ?? "The matched markets cannot be read right now."} Try again in a few minutes.
        </p>
      )}
      <p className="text-xs text-slate-600">
        Polymarket prices read {data.polymarketReadAt ? at(data.polymarketReadAt, now) : "—"}; Kalshi's
        markets last read in full {data.kalshiReadAt ? at(data.kalshiReadAt, now) : "—"}. Kalshi's fee: 0.07 ×
        contracts × P × (1 − P), rounded up to the cent; Polymarket's: the market's rate × contracts × P × (1
        − P), none where its fees are off.
      </p>
    </div>
  );
}
