/**
 * The VAPID public key as `pushManager.subscribe` takes it (decision 0043): the configuration holds it
 * as base64url (RFC 4648 §5, no padding) of the 65-byte uncompressed P-256 point.
 */

/** Bytes of a base64url string (padding optional), or null when it is not base64url. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1) return null;
  const base64 = bare.replaceAll("-", "+").replaceAll("_", "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The application server key for `subscribe`: an uncompressed P-256 point (65 bytes, first 0x04), or null. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> | null {
  const bytes = base64UrlToBytes(publicKey);
  return bytes && bytes.length === 65 && bytes[0] === 4 ? bytes : null;
}
