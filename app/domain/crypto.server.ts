/** Small Web Crypto helpers shared by sessions, tokens and signed links. */

export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Hex SHA-256: how session ids and refresh tokens are stored, so a database leak reveals no live token. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** An HMAC-SHA256 key for `secret` (access tokens sign with it through jose). */
export function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

/** A base64url HMAC-SHA256 of `message`: what only the holder of `secret` can make. */
export async function hmacSha256(secret: string, message: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(message));
  return base64url(new Uint8Array(mac));
}

/** Whether `mac` is `hmacSha256(secret, message)`, compared in constant time by Web Crypto. */
export async function verifyHmacSha256(secret: string, message: string, mac: string): Promise<boolean> {
  if (!/^[\w-]{43}$/.test(mac)) return false;
  const bytes = Uint8Array.from(atob(mac.replace(/-/g, "+").replace(/_/g, "/") + "="), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, new TextEncoder().encode(message));
}
