/** A grey placeholder block; hidden from assistive tech (the surrounding region says it is loading). */
export function Skeleton({ className = "" }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}
