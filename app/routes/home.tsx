import { Suspense } from "react";
import { Await } from "react-router";
import { requestContext } from "~/.server/context";
import { getMarketSnapshot, readMarketSnapshot } from "~/.server/snapshot";
import type { MarketSnapshot } from "~/lib/types";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "OddsPulse: Prediction Market Sentiment Dashboard" },
  {
    name: "description",
    content: "AI sentiment, X mentions and buy-yes / buy-no signals for Polymarket's most active markets.",
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  // Cached: render with data at once. Cold: stream the shell now and the data when it arrives.
  const cached = await readMarketSnapshot(deps);
  return { snapshot: cached ?? getMarketSnapshot(deps) };
}

function SnapshotList({ snapshot }: { snapshot: MarketSnapshot }) {
  return (
    <section aria-label="Markets">
      <p className="text-sm text-slate-600">
        {snapshot.markets.length} markets · markets: {snapshot.sources.markets} · mentions:{" "}
        {snapshot.sources.mentions} · sentiment: {snapshot.sources.sentiment} · fetched {snapshot.fetchedAt}
      </p>
      <ul className="mt-4 space-y-1">
        {snapshot.markets.map((m) => (
          <li key={m.id} data-testid="market">
            {m.title} — {Math.round(m.yesPrice)}¢
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-bold">Market Sentiment Intelligence</h1>
      <Suspense fallback={<p aria-busy="true">Loading markets…</p>}>
        <Await resolve={loaderData.snapshot}>{(snapshot) => <SnapshotList snapshot={snapshot} />}</Await>
      </Suspense>
    </main>
  );
}
