import { SectionMessage } from "~/components/market/market-sections";
import { ScrollBox } from "~/components/ui/scroll-box";
import type { BookQuote, Books, OutcomeRow } from "~/lib/event-page";
import { formatCents, formatMoney, formatPoints } from "~/lib/format";
import { marketPath } from "~/lib/market-page";
import type { Section } from "~/lib/section";

const LINK = "text-blue-800 underline-offset-2 hover:underline";
const CELL = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

const quoteText = (price: number | null | undefined) =>
  price === null || price === undefined ? "–" : formatCents(price * 100);

/**
 * Every outcome by price, dearest first: its price, 24 h change and volume, and the top of its order book
 * (best bid, best ask, spread); each outcome links to its market's page. On a phone the table scrolls
 * sideways inside its box.
 */
export function OutcomeTable({
  rows,
  books,
  label,
}: {
  rows: readonly OutcomeRow[];
  books: Section<Books>;
  label: string;
}) {
  const quotes: Books = books.ok ? books.value : {};
  const quoteOf = (row: OutcomeRow): BookQuote | undefined =>
    row.tokenId === null ? undefined : quotes[row.tokenId];
  return (
    <div className="flex flex-col gap-2">
      {!books.ok && <SectionMessage>{books.message}</SectionMessage>}
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
            {rows.map((row) => {
              const quote = quoteOf(row);
              return (
                <tr key={`${row.marketId}-${row.label}`} data-testid="outcome-row">
                  <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                    {row.marketSlug ? (
                      <a href={marketPath(row.marketSlug)} className={LINK}>
                        {row.label}
                      </a>
                    ) : (
                      row.label
                    )}
                  </th>
                  <td className={`${CELL} font-semibold text-slate-900`}>{formatCents(row.price * 100)}</td>
                  <td className={CELL}>{formatPoints(row.priceChange24h)}</td>
                  <td className={CELL}>{row.volume === null ? "–" : formatMoney(row.volume)}</td>
                  <td className={CELL} data-testid="best-bid">
                    {quoteText(quote?.bestBid)}
                  </td>
                  <td className={CELL} data-testid="best-ask">
                    {quoteText(quote?.bestAsk)}
                  </td>
                  <td className={CELL}>{quoteText(quote?.spread)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}
