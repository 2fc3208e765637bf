import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { isLocalEnvironment } from "~/domain/environment.server";
import { createPaymentGateway } from "~/domain/payments/factory.server";
import { assertVatVerifierChosen, createVatVerifier, LOCAL_VAT_VERIFIER } from "~/domain/money/vat-numbers.server";

/** A plain `wrangler deploy` must give production, failing closed; only local runs say otherwise. */
describe("deploy defaults", () => {
  it("wrangler.toml ships ENVIRONMENT=production; the local override says development", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    expect(toml).toMatch(/\[vars\]\s*\nENVIRONMENT = "production"/);
    expect(readFileSync(".dev.vars.example", "utf8")).toMatch(/^ENVIRONMENT=development$/m);
    expect(toml).toMatch(/\[triggers\]\s*\ncrons = \["\*\/30 \* \* \* \*"\]/);
  });

  it("only development and test count as local; unset or anything else is production", () => {
    expect(isLocalEnvironment({ ENVIRONMENT: "development" })).toBe(true);
    expect(isLocalEnvironment({ ENVIRONMENT: "test" })).toBe(true);
    for (const value of [undefined, "", "production", "prod", "Development", "staging"])
      expect(isLocalEnvironment({ ENVIRONMENT: value }), String(value)).toBe(false);
  });

  it("the test-card gateway refuses to run outside a local environment", () => {
    const db = {} as Database;
    for (const ENVIRONMENT of [undefined, "production", "staging"]) {
      expect(() => createPaymentGateway({ ENVIRONMENT } as Env, db), String(ENVIRONMENT)).toThrow(/runs only where ENVIRONMENT is development or test/);
    }
    expect(createPaymentGateway({ ENVIRONMENT: "development" } as Env, db).name).toBe("local");
    expect(createPaymentGateway({ ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_test_x" } as Env, db).name).toBe("stripe");
  });

  it("production names its VAT number verifier: unset refuses to run; local only when asked for; services need HMRC's credentials", () => {
    for (const TAX_ID_VERIFIER of [undefined, "", "vies", "Local"])
      expect(() => assertVatVerifierChosen({ TAX_ID_VERIFIER }), String(TAX_ID_VERIFIER)).toThrow(/TAX_ID_VERIFIER must be set in production/);
    expect(() => assertVatVerifierChosen({ TAX_ID_VERIFIER: "local" })).not.toThrow();
    expect(() => assertVatVerifierChosen({ TAX_ID_VERIFIER: "services" })).not.toThrow();
    expect(createVatVerifier({} as Env)).toBe(LOCAL_VAT_VERIFIER);
    expect(() => createVatVerifier({ TAX_ID_VERIFIER: "services" } as Env)).toThrow(/needs HMRC_CLIENT_ID and HMRC_CLIENT_SECRET/);
    const services = createVatVerifier({ TAX_ID_VERIFIER: "services", HMRC_CLIENT_ID: "id", HMRC_CLIENT_SECRET: "secret" } as Env);
    expect([
      services.serviceFor("GB246813551"),
      services.serviceFor("DE206600480"),
      services.serviceFor("EL094259216"),
      services.serviceFor("US123456789"),
    ]).toEqual(["hmrc", "vies", "vies", null]);
  });
});
