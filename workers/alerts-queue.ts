/**
 * The `ALERTS` queue's handler (decision 0042): each message is one push, sent in turn (a batch
 * is at most 10: its fetches and D1 queries stay under the Free plan's 50 subrequests).
 */

import { deliverAlert } from "../app/.server/alerts/deliver";
import type { AlertMessage } from "../app/.server/alerts/dispatch";
import { getConfig } from "../app/.server/config";

export async function deliverAlerts(batch: MessageBatch<AlertMessage>, env: Env): Promise<void> {
  const config = getConfig(env);
  for (const message of batch.messages) await deliverAlert(env.DB, config, message);
}
