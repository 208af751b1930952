import type { MiddlewareHandler } from "hono";

/** A fresh base64 nonce per response (128 bits). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Content-Security-Policy for a response: scripts only from our origin or carrying the nonce. */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonce'd module loader import the hashed chunks it needs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React sets no inline styles in our markup; Tailwind output is a file. Inline style attributes are
    // still allowed because third-party primitives (toasts, tooltips) position themselves with them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
    // The alerts' service worker (/sw.js, decision 0043).
    "worker-src 'self'",
  ].join("; ");
}

const STATIC_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()",
};

import type { SecurityVariables } from "../app/.server/worker-env";

export type { SecurityVariables };

/** Sets the nonce for the render and the security headers on every response. */
export function securityHeaders(dev: boolean): MiddlewareHandler<{ Variables: SecurityVariables }> {
  return async (c, next) => {
    const nonce = createNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(STATIC_HEADERS)) headers.set(name, value);
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  };
}
