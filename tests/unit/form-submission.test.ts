import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LoginSchema } from "~/lib/schemas/auth";
import { BriefSchema } from "~/lib/schemas/brief";
import { ProductFormSchema } from "~/lib/schemas/product";
import { RevisionSchema } from "~/lib/schemas/revision";
import { fieldPath, FORM_LIST_MAX, parseSubmission, unexpectedFields } from "~/http/form-submission.server";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** What `parseSubmission` threw: the refusal's status and text. */
function refusal(run: () => unknown): Promise<{ status: number; text: string }> | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return error.text().then((text) => ({ status: error.status, text }));
  }
}

describe("form field names are read against the schema before any value is built", () => {
  it("refuses a huge index with 400 before Conform builds the list it names (which once took the Worker down)", async () => {
    for (const name of ["x[4294967294]", "email[4294967294]", "comments[10000000].text", `comments[${FORM_LIST_MAX}].text`]) {
      const started = performance.now();
      const refused = await refusal(() =>
        parseSubmission(
          form([
            ["email", "a"],
            [name, "1"],
          ]),
          { schema: name.startsWith("comments") ? RevisionSchema : LoginSchema },
        ),
      );
      expect(refused, name).toEqual({ status: 400, text: "The form could not be understood. Please reload the page and try again." });
      // Not a timing target: a sanity bound that no list of that length was built.
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("echoes a list sent under its bare name once as a list (the page's field list renders it)", () => {
    const submission = parseSubmission(
      form([
        ["purpose", "Too short"],
        ["references", "https://example.com/one"],
      ]),
      { schema: BriefSchema },
    );
    expect(submission.status).toBe("error");
    expect(submission.reply().initialValue?.references).toEqual(["https://example.com/one"]);
  });

  it("reads names as paths, refusing anything that is not one", () => {
    expect(fieldPath("comments[2].text")).toEqual(["comments", 2, "text"]);
    expect(fieldPath("packages[0].items_included")).toEqual(["packages", 0, "items_included"]);
    for (const bad of ["", "[0]", "a[]", "a[-1]", "a[1e9]", "a[1234567]", "a..b", "a.b.c.d.e.f.g", "__proto__[0]x", "a b"])
      expect(fieldPath(bad), bad).toBeNull();
  });

  it("takes each form's real fields, lists up to their maximum and repeated names only for lists", () => {
    expect(
      unexpectedFields(
        form([
          ["email", "a"],
          ["password", "b"],
        ]),
        LoginSchema,
      ),
    ).toBeNull();
    expect(
      unexpectedFields(
        form([
          ["email", "a"],
          ["email", "b"],
        ]),
        LoginSchema,
      ),
    ).toBe('"email" is sent twice');
    expect(unexpectedFields(form([["nope", "a"]]), LoginSchema)).toBe('"nope" is not a field of this form');
    expect(unexpectedFields(form([["redirectTo", "/x"]]), LoginSchema, ["redirectTo"])).toBeNull();
    expect(
      unexpectedFields(
        form([
          ["references", "a"],
          ["references", "b"],
        ]),
        BriefSchema,
      ),
    ).toBeNull();
    expect(unexpectedFields(form([["comments[49].text", "a"]]), RevisionSchema)).toBeNull();
    expect(unexpectedFields(form([["comments[50].text", "a"]]), RevisionSchema)).not.toBeNull();
    expect(unexpectedFields(form([["comments[0].nope", "a"]]), RevisionSchema)).not.toBeNull();
    expect(
      unexpectedFields(
        form([
          ["packages[2].amount", "1"],
          ["packages[2].items_included", "a"],
          ["packages[2].items_included", "b"],
        ]),
        ProductFormSchema,
      ),
    ).toBeNull();
    expect(unexpectedFields(form([["packages[3].amount", "1"]]), ProductFormSchema)).not.toBeNull();
    // The chips fields send one input per chip (their schema reads whatever arrives).
    expect(
      unexpectedFields(
        form([
          ["tags", "a"],
          ["tags", "b"],
          ["tags", "c"],
          ["services_offered", "x"],
          ["services_offered", "y"],
        ]),
        ProductFormSchema,
      ),
    ).toBeNull();
    expect(unexpectedFields(form([["tags[0]", "a"]]), ProductFormSchema)).not.toBeNull();
  });

  it("holds Conform's own buttons to the same rules", async () => {
    const intent = (value: unknown) => form([["__intent__", JSON.stringify(value)]]);
    const forged = "The form's button could not be understood. Please try again.";
    expect(await refusal(() => parseSubmission(intent({ type: "update", payload: { name: "x[4294967294]" } }), { schema: LoginSchema }))).toEqual({
      status: 400,
      text: forged,
    });
    expect(await refusal(() => parseSubmission(intent({ type: "insert", payload: { name: "comments", index: 1e9 } }), { schema: RevisionSchema }))).toEqual({
      status: 400,
      text: forged,
    });
    expect(refusal(() => parseSubmission(intent({ type: "validate", payload: { name: "email" } }), { schema: LoginSchema }))).toBeNull();
    // Conform throws (a 500) on a list intent for a field that is not a list, or with no name at all.
    for (const forgedIntent of [
      { type: "remove", payload: { name: "email", index: 0 } },
      { type: "insert", payload: {} },
      { type: "insert", payload: { name: "" } },
      { type: "update", payload: { value: { email: "a" } } },
      { type: "update", payload: { name: "email", value: JSON.parse("[".repeat(50) + "]".repeat(50)) as unknown } },
      { type: "explode", payload: {} },
    ])
      expect(await refusal(() => parseSubmission(intent(forgedIntent), { schema: LoginSchema })), JSON.stringify(forgedIntent)).toEqual({
        status: 400,
        text: forged,
      });
    // The product form's own buttons still work.
    const packages = form([["__intent__", JSON.stringify({ type: "insert", payload: { name: "packages", defaultValue: { currency: "USD", amount: "" } } })]]);
    expect(refusal(() => parseSubmission(packages, { schema: ProductFormSchema }))).toBeNull();
  });

  it("echoes no more of a field than the schema allows", () => {
    const schema = z.object({ name: z.string().max(5), note: z.string().min(100) });
    const submission = parseSubmission(
      form([
        ["name", "abcdefghij"],
        ["note", "n".repeat(20_000)],
      ]),
      { schema },
    );
    const echo = submission.reply().initialValue as Record<string, string>;
    expect(echo.name).toBe("abcde");
    expect(echo.note).toHaveLength(5000);
  });
});

describe("each route's body limit", () => {
  it("is the page's own for its single-fetch data path, so scripted uploads get the upload limit", async () => {
    const { bodyRule, REQUEST_MAX_BYTES, SCREEN_FORM_MAX_BYTES, JSON_MAX_BYTES, WEBHOOK_MAX_BYTES } = await import("~/http/request-body.server");
    expect(bodyRule("/profile/orders/5")).toEqual({ kind: "upload", limit: REQUEST_MAX_BYTES });
    expect(bodyRule("/profile/orders/5.data")).toEqual({ kind: "upload", limit: REQUEST_MAX_BYTES });
    expect(bodyRule("/profile/orders/5/brief.data")).toEqual({ kind: "upload", limit: REQUEST_MAX_BYTES });
    expect(bodyRule("/login.data")).toEqual({ kind: "form", limit: SCREEN_FORM_MAX_BYTES });
    expect(bodyRule("/api/v1/password_resets")).toEqual({ kind: "json", limit: JSON_MAX_BYTES });
    expect(bodyRule("/api/v1/orders/5/messages")).toEqual({ kind: "upload", limit: REQUEST_MAX_BYTES });
    expect(bodyRule("/api/v1/webhooks/stripe")).toEqual({ kind: "raw", limit: WEBHOOK_MAX_BYTES });
  });
});
