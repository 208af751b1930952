/**
 * `GET /api/v1/live`: the browser's WebSocket to the live hub. The upgrade counts against the
 * API's per-client limit like any JSON request; the hub itself caps open sockets per client.
 */
import { Hono } from "hono";
import { apiError, rateLimit } from "../app/.server/api-v1/http";
import type { WorkerEnv } from "../app/.server/worker-env";
import { LIVE_CLIENT_HEADER } from "./live-hub";

/** The one hub of the site. */
export const HUB_NAME = "site";

export const live = new Hono<WorkerEnv>().use(rateLimit()).get("/", async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    return apiError(
      c,
      426,
      "upgrade_required",
      "This endpoint is a WebSocket: connect with Upgrade: websocket (see /api-access)",
      undefined,
      { Upgrade: "websocket" },
    );
  }
  const hub = c.env.LIVE_HUB;
  if (!hub) return apiError(c, 503, "unavailable", "Live updates are not configured on this deployment");
  const headers = new Headers({ Upgrade: "websocket", [LIVE_CLIENT_HEADER]: c.get("client") });
  const answer = await hub.getByName(HUB_NAME).fetch(new Request(c.req.url, { headers }));
  // A fresh response: the hub's headers are immutable, and the middlewares add theirs.
  return new Response(answer.body, {
    status: answer.status,
    headers: answer.headers,
    webSocket: answer.webSocket,
  });
});
