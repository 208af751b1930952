/**
 * Web Push alerts in the browser (decision 0043) in Chromium against the built
 * Worker (alerts on: a test VAPID pair): "Alert me" on the event, trader and watchlist pages, the dialog
 * (axe, keyboard, 390 and 1280 px), permission only after confirming, /sw.js registered, the POST's body,
 * the stored alerts, "Your alerts" with removal (the reduced set, then DELETE with the secret), failures
 * said in the dialog, a push delivered to the service worker through the DevTools protocol shown as a
 * notification whose click opens the event page. No push service is reachable offline, so
 * `PushManager.prototype.subscribe` is a test double giving a subscription of real shape (a P-256 point
 * made here, 16 random bytes) whose endpoint is on the fixture server. `/api/v1/alerts` is the Worker's
 * own API (its requests and answers are recorded and asserted); only the refused-request case answers 503
 * here.
 */
import { mkdirSync } from "node:fs";
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AlertRule } from "../../app/lib/alerts";
import { ALERTS_KEY, parseStoredAlerts } from "../../app/lib/alerts-storage";
import { WATCHLIST_KEY } from "../../app/lib/watchlist";
import { HISTORY_EVENT_SLUG, HISTORY_MARKET_SLUG } from "../support/market-answers";
import { TEST_VAPID_PRIVATE_KEY, TEST_VAPID_PUBLIC_KEY } from "../support/vapid";
import { expectNoAxeViolations } from "./axe";
import { browserPerFile } from "./browser";

const baseUrl = inject("baseUrl");
const liveUrl = inject("liveUrl");
const fixtureUrl = inject("fixtureUrl");
const { open, context } = browserPerFile(baseUrl);
const SHOTS = "/tmp/alerts-shots";
const EVENT_PATH = `/event/${HISTORY_EVENT_SLUG}`;
/**
 * A wallet of the recorded leaderboard, not the one trader.test.ts opens: the Worker keeps a trader's on-demand
 * answers, and that file adds a trade for its wallet after this one may have run.
 */
const WALLET = "0x204f72f35326db932158cba6adff0b9a1da95e14";

const b64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(new Uint8Array(bytes)).toString("base64url");

/** A subscription as a browser's push service would make it: a P-256 public point and a 16-byte secret. */
async function fakeSubscription() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
  return { endpoint: `${fixtureUrl}/push/e2e-${crypto.randomUUID()}`, keys: { p256dh, auth } };
}

type FakeSubscription = Awaited<ReturnType<typeof fakeSubscription>>;

/**
 * The test double, in every page of the context: `subscribe` gives the subscription above (and records
 * the key it was asked with), `getSubscription` gives it once subscribed, `unsubscribe` forgets it.
 */
async function installPushDouble(ctx: BrowserContext, sub: FakeSubscription) {
  await ctx.addInitScript((subscription) => {
    const FLAG = "e2e:push-subscribed";
    const make = () => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(FLAG);
        return true;
      },
    });
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey;
      const bytes = key instanceof Uint8Array ? key : new Uint8Array(key as ArrayBuffer);
      localStorage.setItem(FLAG, btoa(String.fromCharCode(...bytes)));
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem(FLAG) ? make() : null) as unknown as PushSubscription | null;
  }, sub);
}

interface ApiCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** The answer's status and body (null until it came, or without one). */
  status: number | null;
  answer: unknown;
}

/** Records every request the pages make to `/api/v1/alerts` (the Worker's real API answers them). */
function recordAlertsApi(ctx: BrowserContext, calls: ApiCall[]) {
  ctx.on("request", (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/api\/v1\/alerts(\/[^/]+)?$/.test(path)) return;
    const call: ApiCall = {
      method: request.method(),
      url: path,
      body: request.postData() ? JSON.parse(request.postData() ?? "null") : null,
      authorization: request.headers().authorization,
      status: null,
      answer: null,
    };
    calls.push(call);
    void request.response().then(async (response) => {
      if (!response) return;
      call.answer = await response.json().catch(() => null);
      call.status = response.status();
    });
  });
}

/** The rules of the last request recorded. */
const lastRules = () => (calls.at(-1)?.body as { rules?: AlertRule[] } | null)?.rules ?? [];

const storedAlerts = async (page: Page) =>
  parseStoredAlerts(await page.evaluate((key) => localStorage.getItem(key), ALERTS_KEY));

/** Delivers a push to /sw.js's registration through the DevTools protocol, as a push service would. */
async function deliverPush(page: Page, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const reg = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseUrl}/`);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseUrl,
    registrationId: await found,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });

let sub: FakeSubscription;
const calls: ApiCall[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  sub = await fakeSubscription();
  await installPushDouble(context(), sub);
  await context().grantPermissions(["notifications"], { origin: baseUrl });
  recordAlertsApi(context(), calls);
});

afterAll(async () => {
  await context().clearPermissions();
});

describe("alerts in Chromium", () => {
  it("the page gets the public key only; without JavaScript or without keys there is no Alert me", async () => {
    const html = await (await fetch(`${baseUrl}${EVENT_PATH}`)).text();
    expect(html).toContain(TEST_VAPID_PUBLIC_KEY);
    expect(html).not.toContain(TEST_VAPID_PRIVATE_KEY);
    expect(html).not.toContain('data-testid="alert-me"');
    expect(/<link[^>]* rel="manifest" href="\/manifest.webmanifest"/.test(html)).toBe(true);
    expect(/<link[^>]* rel="apple-touch-icon" href="\/apple-touch-icon.png"/.test(html)).toBe(true);
    const sw = await fetch(`${baseUrl}/sw.js`);
    expect(sw.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    const swText = await sw.text();
    expect(swText).not.toMatch(/addEventListener\("fetch"/);
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { icons: { src: string; sizes: string }[] };
    for (const icon of body.icons) {
      const res = await fetch(`${baseUrl}${icon.src}`);
      expect(res.headers.get("content-type"), icon.src).toBe("image/png");
    }
    // The Worker with no VAPID keys: no button even with JavaScript and push.
    const { page } = await open(EVENT_PATH, liveUrl);
    await expect.poll(() => page.getByTestId("polymarket-link").count()).toBe(1);
    expect(await page.getByTestId("alert-me").count()).toBe(0);
    await page.close();
  });

  it("event page: the dialog, permission after confirming, /sw.js, the POST, a push shown and its click", async () => {
    const { page, problems } = await open(EVENT_PATH);
    await page.evaluate((key) => localStorage.removeItem(key), ALERTS_KEY);
    const button = page.getByRole("button", { name: /^Alert me about / });
    await button.waitFor();
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Alert me" });
    await dialog.waitFor();
    expect(calls).toEqual([]);
    await dialog.getByRole("radio", { name: "The price moves within an hour" }).check();
    await dialog.getByLabel("By at least").selectOption("20");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/dialog-1280.png` });
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    await expect.poll(() => dialog.getByTestId("alert-status").textContent()).toContain("Alert on");

    const registered = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      return reg?.active?.scriptURL ?? null;
    });
    expect(registered).toBe(`${baseUrl}/sw.js`);
    // subscribe was asked with the configured key's bytes.
    const key = await page.evaluate(() => localStorage.getItem("e2e:push-subscribed"));
    expect(Buffer.from(key ?? "", "base64").toString("base64url")).toBe(TEST_VAPID_PUBLIC_KEY);

    const rule: AlertRule = { type: "price_move", event: HISTORY_EVENT_SLUG, points: 20 };
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/v1/alerts",
      body: { subscription: sub, rules: [rule] },
      authorization: undefined,
    });
    await expect.poll(() => calls[0]?.status).toBe(201);
    const created = calls[0]?.answer as { id: string; secret: string };
    expect(await storedAlerts(page)).toMatchObject({ id: created.id, secret: created.secret, rules: [rule] });

    // A second rule: the whole set is sent; the same subscription answers 200 with a new secret, kept.
    await dialog.getByRole("radio", { name: "Someone makes a large trade" }).check();
    await dialog.getByLabel("A single trade of at least").selectOption("250000");
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    await expect.poll(() => calls.length).toBe(2);
    const whale: AlertRule = { type: "whale", event: HISTORY_EVENT_SLUG, minUsd: 250_000 };
    expect(calls[1]?.body).toEqual({ subscription: sub, rules: [rule, whale] });
    await expect.poll(() => calls[1]?.status).toBe(200);
    const replaced = calls[1]?.answer as { id: string; secret: string };
    expect(replaced.id).toBe(created.id);
    expect(replaced.secret).not.toBe(created.secret);
    await expect.poll(async () => (await storedAlerts(page))?.secret).toBe(replaced.secret);
    // The Worker keeps exactly that set, readable with the stored secret.
    const kept = await fetch(`${baseUrl}/api/v1/alerts/${replaced.id}`, {
      headers: { authorization: `Bearer ${replaced.secret}` },
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { rules: AlertRule[] }).rules).toEqual([rule, whale]);
    await expect.poll(() => dialog.getByTestId("alert-current").textContent()).toContain("A trade of $250K");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // A push, as the push service would deliver it, reaches the service worker and is shown.
    const url = `${baseUrl}${EVENT_PATH}`;
    await deliverPush(page, {
      title: "MicroStrategy: a $300K trade",
      body: "Someone bought Yes for $300K at 12¢",
      url: EVENT_PATH,
      tag: "whale:e2e",
    });
    // The service worker wakes for the push and shows it: under a loaded CI machine that can take seconds.
    await expect.poll(async () => (await notifications(page)).length, { timeout: 15_000 }).toBe(1);
    expect(await notifications(page)).toEqual([
      {
        title: "MicroStrategy: a $300K trade",
        body: "Someone bought Yes for $300K at 12¢",
        tag: "whale:e2e",
        icon: `${baseUrl}/icon-192.png`,
        data: { url },
      },
    ]);

    // Its click. Headless Chromium has no notification to click, and a notificationclick dispatched in
    // the worker is untrusted, so Chromium lets it open or focus no window: the worker's openWindow and
    // focus are wrapped to record what the handler asks for (and still call the real ones).
    const [worker] = context().serviceWorkers();
    if (!worker) throw new Error("no service worker in the context");
    await worker.evaluate(() => {
      type Focusable = { url: string; focus(): Promise<unknown> };
      const g = globalThis as unknown as {
        clients: { openWindow(url: string | URL): Promise<unknown> };
        WindowClient: { prototype: Focusable };
        asked: string[];
      };
      g.asked = [];
      const openWindow = g.clients.openWindow.bind(g.clients);
      g.clients.openWindow = (target: string | URL) => {
        g.asked.push(`open ${target}`);
        return openWindow(target).catch(() => null);
      };
      const focus = g.WindowClient.prototype.focus;
      g.WindowClient.prototype.focus = function (this: Focusable) {
        g.asked.push(`focus ${this.url}`);
        return focus.call(this).catch(() => this);
      };
    });
    const click = () =>
      worker.evaluate(async () => {
        type Init = { notification: Notification };
        const sw = globalThis as unknown as {
          registration: ServiceWorkerRegistration;
          NotificationEvent: new (type: string, init: Init) => Event;
          asked: string[];
        } & EventTarget;
        sw.asked.length = 0;
        const [notification] = await sw.registration.getNotifications();
        if (!notification) throw new Error("no notification");
        try {
          sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification }));
        } catch {
          // waitUntil refuses an untrusted event: the handler has already asked for the window.
        }
      });
    const asked = () => worker.evaluate(() => (globalThis as unknown as { asked: string[] }).asked.slice());

    // A tab is on the event page: it is focused, and the notification closes.
    await click();
    await expect.poll(asked).toEqual([`focus ${url}`]);
    await expect.poll(async () => (await notifications(page)).length).toBe(0);

    // No tab is on it: a window opens there.
    await page.goto(`${baseUrl}/watchlist`);
    await deliverPush(page, {
      title: "Our call changed",
      body: "Now: buy No",
      url: EVENT_PATH,
      tag: "call:e2e",
    });
    await expect.poll(async () => (await notifications(page)).length).toBe(1);
    await click();
    await expect.poll(asked).toEqual([`open ${url}`]);
    // The URL it asked for is the event page.
    const tab = await context().newPage();
    expect((await tab.goto(url))?.status()).toBe(200);
    expect(await tab.getByRole("heading", { level: 1 }).textContent()).toBe(
      "MicroStrategy sells any Bitcoin by ___ ?",
    );
    await tab.close();
    expect(problems).toEqual([]);
    await page.close();
  });
  it("keyboard at 390 px: Tab reaches Alert me, Enter opens the dialog, Escape closes it, focus returns", async () => {
    const { page, problems } = await open(EVENT_PATH, baseUrl, { width: 390 });
    const button = page.getByTestId("alert-me");
    await button.waitFor();
    await page.getByTestId("polymarket-link").focus();
    await page.keyboard.press("Tab");
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Alert me" });
    await dialog.waitFor();
    // Focus moved into the modal dialog, onto its first control.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SHOTS}/dialog-390.png` });
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("watchlist: Alert me on a starred market's event, Your alerts lists every rule, removing posts the rest, the last one DELETEs", async () => {
    const { page, problems } = await open("/watchlist");
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: WATCHLIST_KEY,
      value: JSON.stringify([
        {
          slug: HISTORY_MARKET_SLUG,
          title: "MicroStrategy sells any Bitcoin by December 31, 2026?",
          outcomeLabel: "Yes",
          priceAtStar: 0.2,
          starredAt: Date.now() - 3_600_000,
        },
      ]),
    });
    await page.reload();
    const section = page.getByTestId("your-alerts");
    await section.waitFor();
    // The two rules the event page made, named by the event's title.
    await expect.poll(() => section.getByTestId("alert-rule").count()).toBe(2);
    expect(await section.getByTestId("alert-rule").first().textContent()).toContain(
      "MicroStrategy sells any Bitcoin by ___ ?",
    );

    const row = page.getByTestId("watch-row");
    await row.getByTestId("alert-me").click();
    const dialog = page.getByRole("dialog", { name: "Alert me" });
    await dialog.getByRole("radio", { name: "Our AI call changes" }).check();
    const before = calls.length;
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    await expect.poll(() => dialog.getByTestId("alert-status").textContent()).toContain("Alert on");
    expect(calls.length).toBe(before + 1);
    const rules = lastRules();
    expect(rules.at(-1)).toEqual({ type: "call_change", event: HISTORY_EVENT_SLUG });
    expect(rules).toHaveLength(3);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => section.getByTestId("alert-rule").count()).toBe(3);

    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/your-alerts-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoAxeViolations(page);

    // Remove the first: the other two are posted, focus moves to the next Remove.
    await section.getByRole("button", { name: /^Remove alert: Price moves 20 points/ }).click();
    await expect.poll(() => section.getByTestId("alert-rule").count()).toBe(2);
    expect(lastRules()).toEqual([
      { type: "whale", event: HISTORY_EVENT_SLUG, minUsd: 250_000 },
      { type: "call_change", event: HISTORY_EVENT_SLUG },
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(
      /^Remove alert: A trade of \$250K/,
    );
    await section.getByRole("button", { name: /^Remove alert: A trade of/ }).click();
    await expect.poll(() => section.getByTestId("alert-rule").count()).toBe(1);
    const storedAlertsBefore = storedAlerts(page);
    const secret = (await storedAlertsBefore)?.secret;
    await section.getByRole("button", { name: /^Remove alert: Our call changes/ }).click();
    await expect.poll(() => section.getByTestId("alerts-empty").count()).toBe(1);
    const id = (await storedAlertsBefore)?.id;
    expect(calls.at(-1)).toMatchObject({
      method: "DELETE",
      url: `/api/v1/alerts/${id}`,
      body: null,
      authorization: `Bearer ${secret}`,
    });
    await expect.poll(() => calls.at(-1)?.status).toBe(204);
    const gone = await fetch(`${baseUrl}/api/v1/alerts/${id}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(gone.status).toBe(404);
    expect(await page.evaluate((key) => localStorage.getItem(key), ALERTS_KEY)).toBeNull();
    // And the browser is unsubscribed.
    expect(await page.evaluate(() => localStorage.getItem("e2e:push-subscribed"))).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("alerts-heading");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("trader page: a wallet rule of at least $10K … $1M", async () => {
    const { page, problems } = await open(`/trader/${WALLET}`);
    await page.getByTestId("alert-me").click();
    const dialog = page.getByRole("dialog", { name: "Alert me" });
    await dialog.waitFor();
    const select = dialog.getByLabel("Any trade of at least");
    expect(await select.locator("option").allTextContents()).toEqual([
      "$10K",
      "$50K",
      "$100K",
      "$250K",
      "$1M",
    ]);
    await select.selectOption("1000000");
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    await expect.poll(() => dialog.getByTestId("alert-status").textContent()).toContain("Alert on");
    expect(calls.at(-1)?.body).toEqual({
      subscription: sub,
      rules: [{ type: "wallet", wallet: WALLET, minUsd: 1_000_000 }],
    });
    // The last alert's removal deleted the subscription: this is a new one.
    await expect.poll(() => calls.at(-1)?.status).toBe(201);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a refused request and refused permission are said in the dialog", async () => {
    const { page } = await open(EVENT_PATH);
    await page.route(/\/api\/v1\/alerts$/, (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: "alerts_unavailable", message: "Alerts are not available right now" } },
      }),
    );
    await page.getByTestId("alert-me").click();
    const dialog = page.getByRole("dialog", { name: "Alert me" });
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    const error = dialog.getByRole("alert");
    await expect
      .poll(() => error.textContent())
      .toBe(
        "The alert was not turned on (HTTP 503: Alerts are not available right now). Please try again later.",
      );
    // Nothing was stored for the failed rule: only the trader's wallet rule is kept.
    expect((await storedAlerts(page))?.rules).toEqual([
      { type: "wallet", wallet: WALLET, minUsd: 1_000_000 },
    ]);

    // Notifications blocked for the site: no request at all, and the dialog says how to allow them.
    await context().clearPermissions();
    await page.evaluate(() => localStorage.removeItem("e2e:push-subscribed"));
    const before = calls.length;
    await dialog.getByRole("radio", { name: "Our AI call changes" }).check();
    await dialog.getByRole("button", { name: "Turn on alert" }).click();
    await expect.poll(() => error.textContent()).toMatch(/^Notifications (are blocked|were not allowed)/);
    expect(calls.length).toBe(before);
    await page.screenshot({ path: `${SHOTS}/dialog-error-1280.png` });
    await context().grantPermissions(["notifications"], { origin: baseUrl });
    await page.close();
  });
});
