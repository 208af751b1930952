import { Suspense } from "react";
import { Await } from "react-router";
import { requestContext } from "~/.server/context";
import { getMarketSnapshot, readMarketSnapshot } from "~/.server/snapshot";
import type { MarketSnapshot } from "~/lib/types";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const { deps } = context.get(requestContext);
  const cached = await readMarketSnapshot(deps);
  return { snapshot: cached ?? getMarketSnapshot(deps) };
}

function SnapshotList({ snapshot }: { snapshot: MarketSnapshot }) {
  return (
    <ul>
      {snapshot.markets.map((m) => (
        <li key={m.id} data-testid="market">
          {m.title}
        </li>
      ))}
    </ul>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Market Sentiment Intelligence</h1>
      <Suspense fallback={<p aria-busy="true">Loading markets…</p>}>
        <Await resolve={loaderData.snapshot}>{(snapshot) => <SnapshotList snapshot={snapshot} />}</Await>
      </Suspense>
    </>
  );
}
