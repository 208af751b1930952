import { useEffect, useState } from "react";

/**
 * The current time for "x min ago" labels. Starts at the server's render time so hydration matches,
 * then follows the browser clock.
 */
export function useNow(serverNow: number, intervalMs = 30_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
