/**
 * The browser's side of alerts (decision 0043): permission, the service worker, the push
 * subscription and the alerts API. Each step's failure comes back as a sentence for the dialog or the
 * list, never as a silent nothing. The API replaces a subscription's rule set on every POST, so every
 * call sends the whole set.
 */
import { type AlertRule, addRule, removeRule, ruleSubject } from "~/lib/alerts";
import { applicationServerKey } from "~/lib/alerts-key";
import { apiErrorMessage, parseAlertsAnswer, type StoredAlerts } from "~/lib/alerts-storage";
import { errorMessage } from "~/lib/errors";
import { readAlerts, writeAlerts } from "./store";

export const SERVICE_WORKER_URL = "/sw.js";
export const ALERTS_API = "/api/v1/alerts";
const REQUEST_TIMEOUT_MS = 15_000;

export type AlertOutcome = { ok: true; message: string } | { ok: false; message: string };

export const MESSAGES = {
  denied:
    "Notifications are blocked for this site, so alerts can't reach you. Allow notifications for this site in your browser's settings, then try again.",
  dismissed: "Notifications were not allowed, so no alert was turned on. Try again and choose Allow.",
  unavailable: "Alerts are not available right now. Nothing was turned on.",
  full: "You have the most alerts we keep (50). Remove one on your watchlist to add another.",
  offline: "Couldn't reach OddsPulse. Check your connection and try again.",
  unreadable: "The server's answer could not be read. Please try again.",
} as const;

const failure = (message: string): AlertOutcome => ({ ok: false, message });

/** Asks for permission when it was never given; a refusal is a message. */
async function ensurePermission(): Promise<AlertOutcome | null> {
  if (Notification.permission === "granted") return null;
  if (Notification.permission === "denied") return failure(MESSAGES.denied);
  const answer = await Notification.requestPermission();
  if (answer === "granted") return null;
  return failure(answer === "denied" ? MESSAGES.denied : MESSAGES.dismissed);
}

/** The service worker's registration (registering /sw.js when it is not yet), once it is active. */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription: the one it has, or a new one for our key. */
async function pushSubscription(publicKey: string, create: boolean): Promise<PushSubscription | null> {
  const reg = await registration();
  const current = await reg.pushManager.getSubscription();
  if (current || !create) return current;
  const key = applicationServerKey(publicKey);
  if (!key) throw new Error(MESSAGES.unavailable);
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the API takes it: `{ endpoint, keys: { p256dh, auth } }`, nothing else. */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** What a failed answer says, in a sentence. */
async function refusal(res: Response, what: string): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  const reason = apiErrorMessage(body);
  return `${what} (HTTP ${res.status}${reason ? `: ${reason}` : ""}). Please try again later.`;
}

/** `POST /api/v1/alerts` with the whole rule set; stores the answer's id and new secret. */
async function postRules(
  subscription: PushSubscription,
  rules: AlertRule[],
  names: Record<string, string>,
  what: string,
): Promise<AlertOutcome | null> {
  let res: Response;
  try {
    res = await fetch(ALERTS_API, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ subscription: subscriptionBody(subscription), rules }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return failure(MESSAGES.offline);
  }
  if (!res.ok) return failure(await refusal(res, what));
  const answer = parseAlertsAnswer(await res.json().catch(() => null));
  if (!answer) return failure(MESSAGES.unreadable);
  const before = readAlerts();
  writeAlerts({ id: answer.id, secret: answer.secret, rules, names });
  // A new push endpoint is a new subscription: the old one would only ever send to nobody.
  if (before && before.id !== answer.id) void deleteSubscription(before).catch(() => {});
  return null;
}

/** `DELETE /api/v1/alerts/{id}`; a 404 means it is gone already. */
async function deleteSubscription(alerts: StoredAlerts): Promise<Response> {
  return fetch(`${ALERTS_API}/${encodeURIComponent(alerts.id)}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${alerts.secret}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * Turns on one more alert: permission (asked only now, after the visitor confirmed), the service worker,
 * the subscription, then the whole set with this rule added. `name`: the event's or wallet's title.
 */
export async function turnOnAlert(publicKey: string, rule: AlertRule, name: string): Promise<AlertOutcome> {
  const stored = readAlerts();
  const added = addRule(stored?.rules ?? [], rule);
  if (added.change === "exists") return { ok: true, message: "This alert is already on." };
  if (added.change === "full") return failure(MESSAGES.full);
  const refused = await ensurePermission();
  if (refused) return refused;
  let subscription: PushSubscription | null;
  try {
    subscription = await pushSubscription(publicKey, true);
  } catch (error) {
    return failure(
      `Your browser couldn't set up push messages (${errorMessage(error)}). Nothing was turned on.`,
    );
  }
  if (!subscription) return failure(MESSAGES.unavailable);
  // A name already kept wins: the event page names the event, a watchlist row only one of its markets.
  const names = { [ruleSubject(rule)]: name, ...(stored?.names ?? {}) };
  const failed = await postRules(subscription, added.rules, names, "The alert was not turned on");
  return failed ?? { ok: true, message: "Alert on. We'll send a notification to this browser." };
}

/**
 * Removes one alert: the reduced set is posted; removing the last one deletes the subscription on our
 * side and unsubscribes this browser from pushes.
 */
export async function removeAlert(publicKey: string | null, key: string): Promise<AlertOutcome> {
  const stored = readAlerts();
  if (!stored) return { ok: true, message: "Alert removed." };
  const rules = removeRule(stored.rules, key);
  if (rules.length === stored.rules.length) return { ok: true, message: "Alert removed." };
  if (rules.length > 0) {
    let subscription: PushSubscription | null = null;
    try {
      subscription = await pushSubscription(publicKey ?? "", publicKey !== null);
    } catch (error) {
      return failure(`Your browser's push subscription is not available (${errorMessage(error)}).`);
    }
    if (!subscription) return failure(MESSAGES.unavailable);
    const failed = await postRules(subscription, rules, stored.names, "The alert was not removed");
    return failed ?? { ok: true, message: "Alert removed." };
  }
  let res: Response;
  try {
    res = await deleteSubscription(stored);
  } catch {
    return failure(MESSAGES.offline);
  }
  if (!res.ok && res.status !== 404) return failure(await refusal(res, "The alert was not removed"));
  await res.body?.cancel().catch(() => {});
  writeAlerts(null);
  try {
    const subscription = await (
      await navigator.serviceWorker.getRegistration("/")
    )?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Nothing sends to it any more: our side is deleted.
  }
  return { ok: true, message: "Alert removed. No alerts are left, so this browser is unsubscribed." };
}
