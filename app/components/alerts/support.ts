/**
 * Whether "Alert me" can be offered (decision 0043): the browser has a service worker, the Push API and
 * notifications, and the site has alerts enabled (its VAPID public key in the root data). False on the
 * server and while hydrating, so the button appears only after hydration and the markup never differs.
 */
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/lib/seo";
import { useHydrated } from "~/lib/use-watchlist";

/** The three browser features Web Push needs (Safari on iOS has them only in an installed web app). */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** The VAPID public key when alerts can be offered here and now, else null. */
export function usePushKey(): string | null {
  const key = useRouteLoaderData<RootData>("root")?.pushPublicKey ?? null;
  const hydrated = useHydrated();
  return hydrated && key !== null && browserSupportsPush() ? key : null;
}
