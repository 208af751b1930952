/*
 * OddsPulse's service worker (issue 26, decision 0043): it shows the alerts the Web Push service
 * delivers and opens their page when one is clicked. Nothing else: no fetch handler, no cache, so pages
 * and data always come from the network as they would without it.
 */

/** The notification's icon (a PNG: not every platform draws an SVG in a notification). */
const ICON = "/icon-192.png";
const DEFAULT_TITLE = "OddsPulse alert";

self.addEventListener("install", () => {
  // A new version takes over at once: it holds no state and no cache that an old page could rely on.
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** A path or URL from a push, as an absolute URL on this origin; anything else is the home page. */
function targetUrl(value) {
  try {
    const url = new URL(typeof value === "string" ? value : "/", self.location.origin);
    return url.origin === self.location.origin ? url.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

/** The payload `{ title, body, url, tag }`; a payload that is not that JSON still shows a notification. */
function readPayload(data) {
  let json = null;
  try {
    json = data ? data.json() : null;
  } catch {
    json = null;
  }
  const text = (value, max) =>
    typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null;
  const payload = json && typeof json === "object" ? json : {};
  return {
    title: text(payload.title, 200) ?? DEFAULT_TITLE,
    body: text(payload.body, 1000) ?? "",
    url: targetUrl(payload.url),
    tag: text(payload.tag, 200),
  };
}

self.addEventListener("push", (event) => {
  const { title, body, url, tag } = readPayload(event.data);
  const options = { body, icon: ICON, data: { url } };
  // A tag replaces an earlier notification of the same alert instead of stacking another.
  if (tag) options.tag = tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a tab already on `url`, or opens one. */
async function openTarget(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = tabs.find((tab) => tab.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data?.url);
  event.waitUntil(openTarget(url));
});
