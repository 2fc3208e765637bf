/**
 * Password hashing with scrypt (docs/design.md §4: N=2^14, r=8, p=5, OWASP's table). The parameters are
 * stored with the hash, so they can be raised later without invalidating existing passwords.
 * Runs in workerd (nodejs_compat) and in Node (the seed script).
 */
import { PASSWORD_MAX_LENGTH } from "../lib/schemas/auth";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** Scrypt's cost parameters; each hash records its own, so verification follows whatever made it. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** What every deployment uses (docs/design.md §4, OWASP's table). */
export const PRODUCTION_COST: PasswordCost = { N: 2 ** 14, r: 8, p: 5 };
/** About 80 times cheaper: only for test runs that sign up and sign in hundreds of people. */
const TEST_COST: PasswordCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * The cost this Worker hashes with: the test one only when ENVIRONMENT is `test` and
 * PASSWORD_HASH_COST asks for it (the integration suite); everything else, development and any
 * misconfiguration included, gets the production cost.
 */
export function passwordCost(env: { ENVIRONMENT?: string; PASSWORD_HASH_COST?: string }): PasswordCost {
  return env.ENVIRONMENT === "test" && env.PASSWORD_HASH_COST === "test" ? TEST_COST : PRODUCTION_COST;
}
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with base64 salt and hash. */
export async function hashPassword(password: string, cost: PasswordCost = PRODUCTION_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !saltB64 || !hashB64) return false;
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  const expected = Buffer.from(hashB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
