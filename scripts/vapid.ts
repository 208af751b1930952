import { Buffer } from "node:buffer";

/**
 * `npm run vapid`: prints a new VAPID key pair for Web Push (decision 0042). The public key goes in
 * wrangler.toml's VAPID_PUBLIC_KEY, the private key is a secret: `wrangler secret put VAPID_PRIVATE_KEY`
 * (locally: a line in .dev.vars).
 */
const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
])) as CryptoKeyPair;
const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
