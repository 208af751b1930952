/**
 * The `ALERTS` queue's consumer (decision 0042): each message is one push, encrypted (RFC 8291
 * aes128gcm) and signed (RFC 8292 VAPID) by `@block65/webcrypto-web-push`, and posted to the subscription's
 * push service. 2xx: sent. 404/410: the subscription is gone, deleted. 429 and 5xx (and a network failure):
 * retried through the queue with back-off. Anything else: logged and dropped.
 */
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { errorMessage } from "~/lib/errors";
import type { Config } from "../config";
import { createLog } from "../log";
import type { AlertMessage } from "./dispatch";
import { signedEndpoint } from "./endpoint";
import { deleteSubscription, getSubscription, markSent } from "./store";

const log = createLog("alerts");

/** How long a push service keeps an undelivered push (seconds). */
export const PUSH_TTL_SECONDS = 3_600;
/** Attempts of one push at most (the first and its retries). */
export const MAX_PUSH_ATTEMPTS = 5;
/** The first retry's wait, doubling after; a push service's Retry-After wins. */
export const RETRY_BASE_SECONDS = 30;

/** What the consumer does with a message (the Queue's `Message`, or a test's stand-in). */
export interface QueuedAlert {
  body: AlertMessage;
  attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export type PushOutcome = "sent" | "gone" | "retry" | "dropped";

function retryDelay(attempts: number, retryAfter: string | null): number {
  const given = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(given) && given >= 0) return Math.min(Math.ceil(given), 43_200);
  return RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1);
}

/** Sends one push; acknowledges or retries the message. */
export async function deliverAlert(
  db: D1Database,
  config: Config,
  message: QueuedAlert,
  fetcher: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<PushOutcome> {
  const { subscriptionId, notification, urgency } = message.body;
  const subscription = await getSubscription(db, subscriptionId);
  if (!subscription || !config.vapidPublicKey || !config.vapidPrivateKey) {
    message.ack();
    return "dropped";
  }
  const retry = (retryAfter: string | null, why: string): PushOutcome => {
    if (message.attempts >= MAX_PUSH_ATTEMPTS) {
      log.warn(`push to ${subscriptionId} given up after ${message.attempts} attempts: ${why}`);
      message.ack();
      return "dropped";
    }
    message.retry({ delaySeconds: retryDelay(message.attempts, retryAfter) });
    return "retry";
  };
  let response: Response;
  try {
    const request = await buildPushPayload(
      { data: { ...notification }, options: { ttl: PUSH_TTL_SECONDS, urgency } },
      {
        endpoint: signedEndpoint(subscription.endpoint),
        expirationTime: null,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      { subject: config.vapidSubject, publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey },
    );
    response = await fetcher(subscription.endpoint, {
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
  } catch (error) {
    return retry(null, errorMessage(error));
  }
  await response.body?.cancel();
  const { status } = response;
  if (status >= 200 && status < 300) {
    await markSent(db, subscriptionId, now());
    message.ack();
    return "sent";
  }
  if (status === 404 || status === 410) {
    await deleteSubscription(db, subscriptionId);
    log.info(`subscription ${subscriptionId} is gone (${status}): deleted`);
    message.ack();
    return "gone";
  }
  if (status === 429 || status >= 500) return retry(response.headers.get("Retry-After"), `HTTP ${status}`);
  log.warn(`push to ${subscriptionId} refused with HTTP ${status}: dropped`);
  message.ack();
  return "dropped";
}
