import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { AdminLoginSchema, ChangePasswordSchema, LoginSchema, passwordStrength, SignupSchema } from "~/lib/schemas/auth";
import { safeRedirect } from "~/lib/safe-redirect";
import { hashPassword, passwordCost, PRODUCTION_COST, verifyPassword } from "~/auth/password.server";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

/** The first message per field, as the screens show it. */
function messages(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema });
  if (submission.status === "success") return {};
  const errors = submission.reply().error ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.[0]]));
}

const valid = { name: "Ada Lovelace", email: "ada@example.com", password: "Str0ng!Pass" };

describe("SignupSchema (SPEC §5)", () => {
  it.each([
    [{ ...valid, name: "" }, { name: "Name is required" }],
    [{ ...valid, name: "   " }, { name: "Name is required" }],
    [{ ...valid, name: " A " }, { name: "Name must be at least 2 characters" }],
    [{ ...valid, email: "" }, { email: "Email is required" }],
    [{ ...valid, email: "ada@example" }, { email: "Please enter a valid email address" }],
    [{ ...valid, email: "ada @example.com" }, { email: "Please enter a valid email address" }],
    [{ ...valid, password: "" }, { password: "Password is required" }],
    [{ ...valid, password: "aB1!" }, { password: "Password must be at least 8 characters long" }],
    [{ ...valid, password: "alllower1!" }, { password: "Password must contain at least one uppercase letter" }],
    [{ ...valid, password: "ALLUPPER1!" }, { password: "Password must contain at least one lowercase letter" }],
    [{ ...valid, password: "NoDigits!!" }, { password: "Password must contain at least one number" }],
    [{ ...valid, password: "NoSpecial1" }, { password: "Password must contain at least one special character" }],
  ])("%j → %j", (values, expected) => {
    expect(messages(SignupSchema, values)).toEqual(expected);
  });

  it("trims the name and email and lowercases the email", () => {
    const result = SignupSchema.parse({ name: "  Ada  ", email: " ADA@Example.COM ", password: "Str0ng!Pass" });
    expect(result).toEqual({ name: "Ada", email: "ada@example.com", password: "Str0ng!Pass" });
  });
});

describe("login schemas", () => {
  it("customer login needs 6+ characters, admin login 8+", () => {
    expect(messages(LoginSchema, { email: "a@b.co", password: "12345" })).toEqual({ password: "Password must be at least 6 characters" });
    expect(messages(LoginSchema, { email: "a@b.co", password: "123456" })).toEqual({});
    expect(messages(AdminLoginSchema, { email: "a@b.co", password: "1234567" })).toEqual({ password: "Password must be at least 8 characters" });
    expect(messages(AdminLoginSchema, { email: "", password: "" })).toEqual({ email: "Email is required", password: "Password is required" });
  });

  it("change password requires a matching confirmation", () => {
    expect(messages(ChangePasswordSchema, { current_password: "x", password: "Str0ng!Pass", password_confirmation: "Str0ng!Pasz" })).toEqual({
      password_confirmation: "Passwords do not match",
    });
  });
});

describe("password checklist colour (SPEC §5)", () => {
  it.each([
    ["", 5, "red"],
    ["a", 4, "red"],
    ["aA", 3, "yellow"],
    ["aA1", 2, "yellow"],
    ["aA1!", 1, "green"],
    ["aA1!aaaa", 0, "green"],
  ])("%s has %i unmet rules → %s", (password, unmet, colour) => {
    expect(passwordStrength(password)).toEqual({ unmet, colour });
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/products/1/checkout?package=2", "/products/1/checkout?package=2"],
    ["/products?tag=3D%20Animation#footer", "/products?tag=3D%20Animation#footer"],
    // Encoded slashes stay encoded: the browser asks our own origin for that path.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["//evil.example", "/products"],
    ["https://evil.example", "/products"],
    ["/\\evil.example", "/products"],
    ["\\evil.example", "/products"],
    ["/\t/evil.example", "/products"],
    ["/\n/evil.example", "/products"],
    ["/\r\nSet-Cookie: a=b", "/products"],
    ["/\u0000/evil.example", "/products"],
    ["/\u007f/evil.example", "/products"],
    ["\t//evil.example", "/products"],
    [" //evil.example", "/products"],
    ["javascript:alert(1)", "/products"],
    ["/products/\u00e9", "/products/%C3%A9"],
    ["", "/products"],
    [null, "/products"],
  ])("%j → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it("only ever answers paths that a browser resolves to our own origin", () => {
    const candidates = ["/\t/evil.example", "/./\\evil", "/..//evil.example", "/%09/evil.example", "/a/../../b", "///evil.example", "/\u3000/evil"];
    for (const candidate of candidates) {
      const answer = safeRedirect(candidate);
      expect(new URL(answer, "https://shop.example").origin, candidate).toBe("https://shop.example");
      expect(answer, candidate).toMatch(/^\/(?!\/)/);
    }
  });
});

describe("password hashing (docs/design.md §4)", () => {
  // The production cost's time is measured by the bench (bench/password-hash.ts, docs/perf.md), not
  // here: a test's clock on a busy machine says more about its neighbours than about the hash. These
  // hash at the test run's cheap cost, which a hash records like any other.
  const cheap = passwordCost({ ENVIRONMENT: "test", PASSWORD_HASH_COST: "test" });

  it("is scrypt with N=2^14, r=8, p=5 by default (never PBKDF2, whose iteration cap production workerd enforces)", async () => {
    expect(PRODUCTION_COST).toEqual({ N: 16384, r: 8, p: 5 });
    expect(hashPassword.length).toBe(1); // the cost is optional: callers that name none get PRODUCTION_COST
    const hash = await hashPassword("Str0ng!Pass", cheap);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toMatch(/pbkdf2/i);
  });

  it("verifies the right password only, and rejects malformed hashes and overlong input", async () => {
    const hash = await hashPassword("Str0ng!Pass", cheap);
    expect(await verifyPassword("Str0ng!Pass", hash)).toBe(true);
    expect(await verifyPassword("Str0ng!Pasz", hash)).toBe(false);
    expect(await verifyPassword("Str0ng!Pass", "pbkdf2$1000000$abc$def")).toBe(false);
    expect(await verifyPassword("x".repeat(129), hash)).toBe(false);
    expect(await hashPassword("Str0ng!Pass", cheap)).not.toBe(hash);
  });

  it("hashes cheaply only in a test run that asks for it; every other setting gets the production cost", async () => {
    for (const env of [
      {},
      { ENVIRONMENT: "production", PASSWORD_HASH_COST: "test" },
      { ENVIRONMENT: "development", PASSWORD_HASH_COST: "test" },
      { ENVIRONMENT: "test" },
    ]) {
      expect(passwordCost(env), JSON.stringify(env)).toEqual(PRODUCTION_COST);
    }
    expect(cheap.N * cheap.p).toBeLessThan(PRODUCTION_COST.N * PRODUCTION_COST.p);
    // A hash records its cost, so one made cheaply still verifies.
    const hash = await hashPassword("Str0ng!Pass", cheap);
    expect(hash).toMatch(new RegExp(`^scrypt\\$${cheap.N}\\$${cheap.r}\\$${cheap.p}\\$`));
    expect(await verifyPassword("Str0ng!Pass", hash)).toBe(true);
    expect(await verifyPassword("Str0ng!Pasz", hash)).toBe(false);
  });
});
