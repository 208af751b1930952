import type { ReactNode } from "react";
import { useAsyncError } from "react-router";
import { Deferred } from "~/components/ui/deferred";
import { Skeleton } from "~/components/ui/skeleton";
import { errorMessage } from "~/lib/errors";

/** SPEC §4 "error with no data"; the snapshot falls back to sample data, so this is a last resort. */
function LoadError() {
  const error = useAsyncError();
  return (
    <div role="alert" className="rounded-md bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-600/30">
      <p className="font-semibold">Failed to load market data</p>
      <p>{errorMessage(error)}</p>
    </div>
  );
}

function LoadingBlock() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading market data…</span>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/**
 * Page aggregates that are either ready (cached snapshot: rendered in the first pass) or still
 * streaming (cold cache: the shell and tabs arrive at once, the figures when the snapshot does).
 */
export function SnapshotAwait<T>({
  resolve,
  children,
  fallback = <LoadingBlock />,
}: {
  resolve: T | Promise<T>;
  children: (value: T) => ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Deferred value={resolve} fallback={fallback} errorElement={<LoadError />}>
      {children}
    </Deferred>
  );
}
