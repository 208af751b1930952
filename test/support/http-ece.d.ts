/** Types for the part of `http_ece` 1.2.1 (RFC 8188 / 8291 content coding, no types of its own) the tests' push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface Params {
    version?: "aes128gcm" | "aesgcm";
    /** The receiver's key pair (Node's ECDH); the sender's public key is read from the aes128gcm header. */
    privateKey?: ECDH;
    authSecret?: Buffer | string;
    dh?: Buffer | string;
    salt?: Buffer | string;
    rs?: number;
  }

  const ece: {
    decrypt(buffer: Buffer, params: Params): Buffer;
    encrypt(buffer: Buffer, params: Params): Buffer;
  };
  export default ece;
}
