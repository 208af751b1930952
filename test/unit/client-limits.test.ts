/** Who a client is for the rate limits, and the per-request lookup gate. */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { countedClients, RATE_LIMIT, rateLimit } from "~/.server/api-v1/http";
import { LookupLimitedError } from "~/.server/cache/on-demand";
import { clientKey, lookupGate, windowResetSeconds } from "~/.server/client-limits";
import type { WorkerEnv } from "../../app/.server/worker-env";

describe("clientKey", () => {
  it("keys an IPv4 address as itself", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys every IPv6 address of one /64 alike, however it is written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2::",
      "2001:db8:1:2:0:0:0:9%eth0",
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
  });

  it("keys other /64s apart", () => {
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("keeps what is not an address as it is, and no address as 'local'", () => {
    expect(clientKey(undefined)).toBe("local");
    expect(clientKey("")).toBe("local");
    expect(clientKey("1:2:3")).toBe("1:2:3");
    expect(clientKey("1::2::3")).toBe("1::2::3");
  });
});

describe("windowResetSeconds", () => {
  it("counts to the end of the current minute, at least 1", () => {
    expect(windowResetSeconds(Date.parse("2026-11-23T12:00:00.000Z"))).toBe(60);
    expect(windowResetSeconds(Date.parse("2026-11-23T12:00:42.500Z"))).toBe(18);
    expect(windowResetSeconds(Date.parse("2026-11-23T12:00:59.999Z"))).toBe(1);
  });
});

describe("lookupGate", () => {
  it("asks the limiter once per request, and refuses with the seconds to the window's end", async () => {
    const asked: string[] = [];
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        asked.push(key);
        return { success: false };
      },
    };
    const gate = lookupGate(limiter, "203.0.113.7", () => Date.parse("2026-11-23T12:00:45Z"));
    const refusals = await Promise.allSettled([gate(), gate(), gate()]);
    expect(asked).toEqual(["203.0.113.7"]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe("rejected");
      const reason = (refusal as PromiseRejectedResult).reason as LookupLimitedError;
      expect(reason).toBeInstanceOf(LookupLimitedError);
      expect(reason.retryAfterSeconds).toBe(15);
    }
  });

  it("lets lookups through when the limiter fails", async () => {
    const gate = lookupGate(
      {
        limit: async () => {
          throw new Error("binding down");
        },
      },
      "k",
      Date.now,
    );
    const error = console.error;
    console.error = () => {};
    try {
      await expect(gate()).resolves.toBeUndefined();
    } finally {
      console.error = error;
    }
  });
});

describe("the JSON budget's header counter", () => {
  it("holds at most 10,000 clients however many ask", async () => {
    const app = new Hono<WorkerEnv>()
      .use(async (c, next) => {
        c.set("client", c.req.header("x-client") ?? "local");
        await next();
      })
      .use(rateLimit())
      .get("/", (c) => c.text("ok"));
    const env = { API_RATE_LIMITER: { limit: async () => ({ success: true }) } } as unknown as Env;
    for (let i = 0; i < 10_050; i++) {
      const response = await app.request(
        "/",
        { headers: { "x-client": `198.51.${i >> 8}.${i & 255}` } },
        env,
      );
      if (i === 0) expect(response.headers.get("RateLimit-Remaining")).toBe(String(RATE_LIMIT - 1));
    }
    expect(countedClients()).toBeLessThanOrEqual(10_000);
  });
});
