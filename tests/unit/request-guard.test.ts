import { afterEach, describe, expect, it, vi } from "vitest";
import { guardRequest, SCREEN_FORM_MAX_FIELDS } from "~/edge/request-guard.server";

/** A url-encoded screen post of `fields` one-letter fields, from the shop's own origin. */
function formPost(fields: number) {
  return new Request("http://localhost/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" },
    body: Array.from({ length: fields }, (_, i) => `f${i}=a`).join("&"),
  });
}

describe("the request guard bounds screen forms before any parser sees them", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses a flood of url-encoded fields by counting them: no form parser runs", async () => {
    const parse = vi.spyOn(Request.prototype, "formData");
    const result = await guardRequest(formPost(10_000));
    if (!("refused" in result)) throw new Error("the flood was handed on");
    expect(result.refused.status).toBe(400);
    expect(await result.refused.text()).toBe("This form has more fields than the shop accepts.");
    expect(parse).not.toHaveBeenCalled();
  });

  it("hands on a form with as many fields as allowed, parsed once to check it", async () => {
    const parse = vi.spyOn(Request.prototype, "formData");
    const result = await guardRequest(formPost(SCREEN_FORM_MAX_FIELDS));
    if (!("request" in result)) throw new Error(`refused: ${await result.refused.text()}`);
    expect(parse).toHaveBeenCalledTimes(1);
    expect([...(await result.request.formData()).keys()]).toHaveLength(SCREEN_FORM_MAX_FIELDS);
  });
});
