import { formatMoment, formatNumber } from "~/lib/format";
import {
  CALLS_PER_PAGE,
  type CallPage,
  callSourceText,
  type OpenCallView,
  outcomeText,
  type PageParam,
  pageHref,
  quoteText,
  type SettledCallView,
} from "~/lib/track-record-page";
import {
  Compact,
  MarketLink,
  perDollar,
  ScrollTable,
  SideBadge,
  TD,
  TH,
  THEAD,
  TR,
  WIDE,
} from "./call-parts";

/** Previous / next as plain links (no JavaScript needed), with where the reader is. */
function Pagination({
  page,
  param,
  current,
  anchor,
  label,
}: {
  page: CallPage<unknown>;
  param: PageParam;
  current: Readonly<Record<PageParam, number>>;
  anchor: string;
  label: string;
}) {
  if (page.pages <= 1) return null;
  const step = (to: number, text: string, rel: "prev" | "next") =>
    to >= 1 && to <= page.pages ? (
      <a href={pageHref(current, param, to, anchor)} rel={rel} className="btn btn-outline">
        {text}
      </a>
    ) : null;
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center gap-3 text-sm"
      data-testid={`${param}-pages`}
    >
      {step(page.page - 1, "Previous", "prev")}
      <span className="text-slate-700 tabular-nums">
        Page {formatNumber(page.page)} of {formatNumber(page.pages)}
      </span>
      {step(page.page + 1, "Next", "next")}
    </nav>
  );
}

function CallCell({ side, source }: { side: SettledCallView["side"]; source: string }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <SideBadge side={side} />
      <span className="text-xs break-words text-slate-600">{callSourceText(source)}</span>
    </span>
  );
}

function countText(page: CallPage<unknown>, what: string): string {
  if (page.total === 0) return "";
  const from = (page.page - 1) * CALLS_PER_PAGE + 1;
  return `${formatNumber(from)}–${formatNumber(from + page.rows.length - 1)} of ${formatNumber(page.total)} ${what}`;
}

/** Settled calls (graded and void), the latest settled first: what was called and how it turned out. */
export function SettledCalls({
  page,
  current,
  now,
}: {
  page: CallPage<SettledCallView>;
  current: Readonly<Record<PageParam, number>>;
  now: number;
}) {
  if (page.total === 0) return <p className="text-sm text-slate-700">No call has been settled yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{countText(page, "settled calls")}</p>
      <ScrollTable label="Settled calls">
        <thead className={THEAD}>
          <tr>
            <th scope="col" className={TH}>
              Market
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Call
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Called
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Price at call
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Outcome
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Return per $1
            </th>
          </tr>
        </thead>
        <tbody data-testid="settled-calls">
          {page.rows.map((c) => (
            <tr key={c.id} className={TR}>
              <td className={`${TD} sm:min-w-56`}>
                <MarketLink question={c.question} slug={c.slug} />
                <Compact>
                  <SideBadge side={c.side} />
                  <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
                  <span>{outcomeText(c.outcome)}</span>
                  <span className="font-semibold">return {perDollar(c.return)}</span>
                </Compact>
              </td>
              <td className={`${TD} ${WIDE} min-w-32`}>
                <CallCell side={c.side} source={c.source} />
              </td>
              <td className={`${TD} ${WIDE} whitespace-nowrap`}>{formatMoment(c.calledAt, now)}</td>
              <td className={`${TD} ${WIDE} text-right`}>{quoteText(c.side, c.outcomes, c.priceAtCall)}</td>
              <td className={`${TD} ${WIDE} whitespace-nowrap`}>
                {outcomeText(c.outcome)}
                {c.settledAt !== null && (
                  <span className="block text-xs text-slate-600">{formatMoment(c.settledAt, now)}</span>
                )}
              </td>
              <td className={`${TD} ${WIDE} text-right font-semibold`}>{perDollar(c.return)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <Pagination
        page={page}
        param="graded"
        current={current}
        anchor="settled"
        label="Pages of settled calls"
      />
    </div>
  );
}

/** Calls whose market has not resolved, the newest first, each with why it is still open. */
export function OpenCalls({
  page,
  current,
  now,
}: {
  page: CallPage<OpenCallView>;
  current: Readonly<Record<PageParam, number>>;
  now: number;
}) {
  if (page.total === 0) return <p className="text-sm text-slate-700">No open calls.</p>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{countText(page, "open calls")}</p>
      <ScrollTable label="Open calls">
        <thead className={THEAD}>
          <tr>
            <th scope="col" className={TH}>
              Market
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Call
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Called
            </th>
            <th scope="col" className={`${TH} ${WIDE} text-right`}>
              Price at call
            </th>
            <th scope="col" className={`${TH} ${WIDE}`}>
              Why pending
            </th>
          </tr>
        </thead>
        <tbody data-testid="open-calls">
          {page.rows.map((c) => (
            <tr key={c.id} className={TR}>
              <td className={`${TD} sm:min-w-56`}>
                <MarketLink question={c.question} slug={c.slug} />
                <Compact>
                  <SideBadge side={c.side} />
                  <span>at {quoteText(c.side, c.outcomes, c.priceAtCall)}</span>
                  <span>{c.pending}</span>
                </Compact>
              </td>
              <td className={`${TD} ${WIDE} min-w-32`}>
                <CallCell side={c.side} source={c.source} />
              </td>
              <td className={`${TD} ${WIDE} whitespace-nowrap`}>{formatMoment(c.calledAt, now)}</td>
              <td className={`${TD} ${WIDE} text-right`}>{quoteText(c.side, c.outcomes, c.priceAtCall)}</td>
              <td className={`${TD} ${WIDE} min-w-44`}>{c.pending}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <Pagination page={page} param="open" current={current} anchor="open" label="Pages of open calls" />
    </div>
  );
}
