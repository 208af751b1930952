import {
  classes,
  type SidePair,
  useFirstSidePrice,
  useLive,
  useLiveFlash,
  useLiveResolution,
} from "~/components/live/hooks";
import { SectionMessage } from "~/components/market/market-sections";
import { ScrollBox } from "~/components/ui/scroll-box";
import { type BookQuote, type Books, bookQuote, type OutcomeRow, outcomeSides } from "~/lib/event-page";
import { formatMoney, formatPoints, formatPrice } from "~/lib/format";
import { changeNow, priceEntry } from "~/lib/live-state";
import { marketPath } from "~/lib/market-page";
import type { Section } from "~/lib/section";

const LINK = "text-blue-800 underline-offset-2 hover:underline";
const CELL = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

const quoteText = (price: number | null | undefined) =>
  price === null || price === undefined ? "–" : formatPrice(price);

/**
 * One outcome's row. While the event is live its price, bid, ask and spread follow the pushed prices
 * (the price highlighted briefly when it changes) and a resolved market says so under its name.
 */
function OutcomeTableRow({
  row,
  sides,
  quote,
  title,
  multi,
}: {
  row: OutcomeRow;
  sides: SidePair;
  quote: BookQuote | undefined;
  title: string;
  multi: boolean;
}) {
  const [side] = sides;
  const now = useFirstSidePrice(row.marketId, sides, row.price);
  const pushed = useLive((s) => priceEntry(s, row.marketId, side));
  // A one-market event's two rows are one market: its resolution is said once (same key), shown on both.
  const resolved = useLiveResolution(row.marketId, multi ? `${title}: ${row.label}` : title);
  const price = formatPrice(now.price);
  const flash = useLiveFlash(
    price,
    now.pushed,
    { key: `${row.marketId}\n${row.label}`, kind: "price", say: `${title}: ${row.label} ${price}` },
    now.price,
  );
  const book = pushed ? bookQuote(pushed.bestBid, pushed.bestAsk) : quote;
  return (
    <tr data-testid="outcome-row">
      <th scope="row" className="px-3 py-2 text-left font-medium break-words">
        {row.marketSlug ? (
          <a href={marketPath(row.marketSlug)} className={LINK}>
            {row.label}
          </a>
        ) : (
          row.label
        )}
        {resolved && (
          <span className="block text-xs font-semibold text-slate-800" data-testid="live-resolved">
            {resolved.text}
          </span>
        )}
      </th>
      <td className={classes(`${CELL} font-semibold text-slate-900`, flash)}>{price}</td>
      <td className={CELL} data-testid="change-24h">
        {formatPoints(changeNow(row, now.price))}
      </td>
      <td className={CELL}>{row.volume === null ? "–" : formatMoney(row.volume)}</td>
      <td className={CELL} data-testid="best-bid">
        {quoteText(book?.bestBid)}
      </td>
      <td className={CELL} data-testid="best-ask">
        {quoteText(book?.bestAsk)}
      </td>
      <td className={CELL}>{quoteText(book?.spread)}</td>
    </tr>
  );
}

/**
 * Every outcome by price, dearest first: its price, 24 h change and volume, and the top of its order book
 * (best bid, best ask, spread); each outcome links to its market's page. On a phone the table scrolls
 * sideways inside its box. The rows keep their order when live prices move them (nothing jumps).
 */
export function OutcomeTable({
  rows,
  books,
  label,
  multi,
  title,
}: {
  rows: readonly OutcomeRow[];
  books: Section<Books>;
  label: string;
  /** A multi-outcome event: each row is its market's Yes side. */
  multi: boolean;
  /** The event's title, for the live region ("<title>: <outcome> 43¢"). */
  title: string;
}) {
  const quotes: Books = books.ok ? books.value : {};
  const quoteOf = (row: OutcomeRow): BookQuote | undefined =>
    row.tokenId === null ? undefined : quotes[row.tokenId];
  return (
    <div className="flex flex-col gap-2">
      {!books.ok && <SectionMessage>{books.message}</SectionMessage>}
      <p className="text-xs text-slate-600 sm:hidden" data-testid="table-scroll-hint">
        Scroll the table sideways for volume, best bid, best ask and spread.
      </p>
      <ScrollBox label={label}>
        <table className="w-full min-w-[36rem] text-sm" data-testid="outcome-table">
          <caption className="sr-only">{`${label}, dearest first. Prices in cents; the book's bid and ask from Polymarket's order book.`}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Outcome
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Price
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                24h
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Volume
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Best bid
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Best ask
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Spread
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <OutcomeTableRow
                key={`${row.marketId}-${row.label}`}
                row={row}
                sides={outcomeSides(rows, row.marketId, row.label, multi)}
                quote={quoteOf(row)}
                title={title}
                multi={multi}
              />
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
