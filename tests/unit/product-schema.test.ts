import { describe, expect, it } from "vitest";
import { chipValues, packageMinor, ProductDetailsSchema, ProductFormSchema, ProductStepOneSchema, splitItems } from "~/lib/schemas/product";
import { checkMedia } from "~/domain/media/media.server";
import { sniffType } from "~/domain/media/file-types";

const valid = {
  title: "Test Product",
  description_heading: "Heading",
  description: "Body",
  services_offered: ["Modelling"],
  tags: ["a", "b", "c"],
  packages: [{ short_description: "Basic pack", items_included: "One, Two", amount: "10.50", currency: "usd" }],
};

function firstErrors(input: unknown) {
  const result = ProductDetailsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries([...new Map(result.error.issues.map((i) => [i.path.join("."), i.message]))]);
}

describe("ProductDetailsSchema (SPEC §5 messages)", () => {
  it("accepts a valid product and normalises it", () => {
    const parsed = ProductDetailsSchema.parse(valid);
    // Promises left out take the defaults (the API may omit them; the form always sends them).
    expect(parsed.packages[0]).toEqual({
      short_description: "Basic pack",
      items_included: ["One", "Two"],
      amount: 10.5,
      currency: "USD",
      delivery_days: 7,
      revisions: 2,
      revision_days: 3,
      stages: [],
    });
    const sent = ProductDetailsSchema.parse({ ...valid, packages: [{ ...valid.packages[0], delivery_days: "10", revisions: 0, revision_days: "2" }] });
    expect(sent.packages[0]).toMatchObject({ delivery_days: 10, revisions: 0, revision_days: 2 });
  });

  it.each([
    [{ title: "" }, { title: "Title is required" }],
    [{ description_heading: " " }, { description_heading: "Description heading is required" }],
    [{ description: "" }, { description: "Description is required" }],
    [{ services_offered: [" ", ""] }, { services_offered: "At least one service must be offered" }],
    [{ tags: "a, b" }, { tags: "At least 3 tags are required" }],
    [{ tags: ["a", "a", "b"] }, { tags: "At least 3 tags are required" }],
    [{ packages: [] }, { packages: "Add at least one package" }],
  ])("%j → %j", (patch, expected) => {
    expect(firstErrors({ ...valid, ...patch })).toEqual(expected);
  });

  it.each([
    [{ short_description: "" }, "Package description is required"],
    [{ amount: "" }, "Amount is required"],
    [{ amount: "0" }, "Amount must be greater than 0"],
    [{ amount: "-3" }, "Amount must be greater than 0"],
    [{ amount: "abc" }, "Amount is required"],
    [{ amount: "1.234" }, "Amount can have at most 2 decimals"],
    [{ items_included: " , ," }, "At least one item must be included"],
    [{ currency: "" }, "Currency is required"],
    [{ currency: "XXX" }, "Currency must be an ISO 4217 code from the list"],
    [{ delivery_days: "" }, "Delivery days must be a whole number from 1 to 365"],
    [{ delivery_days: "2.5" }, "Delivery days must be a whole number from 1 to 365"],
    [{ delivery_days: 366 }, "Delivery days must be a whole number from 1 to 365"],
    [{ revisions: -1 }, "Revisions must be a whole number from 0 to 20"],
    [{ revisions: "many" }, "Revisions must be a whole number from 0 to 20"],
    [{ revision_days: 0 }, "Revision days must be a whole number from 1 to 60"],
  ])("package %j → %s", (patch, message) => {
    const errors = firstErrors({ ...valid, packages: [{ ...valid.packages[0], ...patch }] });
    expect(Object.values(errors)).toEqual([message]);
  });
});

describe("amounts per currency", () => {
  it("refuses decimals in currencies without a minor unit", () => {
    const errors = firstErrors({ ...valid, packages: [{ ...valid.packages[0], amount: "1500.5", currency: "JPY" }] });
    expect(errors).toEqual({ "packages.0.amount": "Amount must be a whole number in JPY" });
  });
  it("stores amounts in the currency's minor units", () => {
    expect(packageMinor({ amount: 10.5, currency: "USD" })).toBe(1050);
    expect(packageMinor({ amount: 0.29, currency: "EUR" })).toBe(29);
    expect(packageMinor({ amount: 1500, currency: "JPY" })).toBe(1500);
  });
});

describe("the form with its files", () => {
  const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name);
  const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

  it("requires images, and a thumbnail with videos, reported together with the other errors", () => {
    const result = ProductFormSchema.safeParse({ ...valid, title: "", videos: [file("v.mp4")] });
    expect(messages(result)).toEqual({
      title: "Title is required",
      images: "At least one image must be uploaded",
      video_thumbnail: "Video thumbnail is required when uploading videos",
    });
    expect(ProductFormSchema.safeParse({ ...valid, images: [file("a.jpg")], videos: [file("v.mp4")], video_thumbnail: file("t.jpg") }).success).toBe(true);
  });

  it("step 1 checks the counts of the chosen files", () => {
    expect(messages(ProductStepOneSchema.safeParse({ ...valid, image_count: "0" }))).toEqual({ image_count: "At least one image must be uploaded" });
    expect(messages(ProductStepOneSchema.safeParse({ ...valid, image_count: "2", video_count: "1", has_thumbnail: "false" }))).toEqual({
      video_thumbnail: "Video thumbnail is required when uploading videos",
    });
    expect(ProductStepOneSchema.safeParse({ ...valid, image_count: "2", video_count: "1", has_thumbnail: "true" }).success).toBe(true);
  });
});

describe("splitting helpers", () => {
  it("splits items on commas, trimming and dropping empties", () => {
    expect(splitItems(" 4K export, , Music ,")).toEqual(["4K export", "Music"]);
  });
  it("reads chips from repeated fields or from text, trimmed and without duplicates", () => {
    expect(chipValues(["Design", " Design ", ""], /\n/)).toEqual(["Design"]);
    expect(chipValues("Modelling\n\n Rigging \r", /\n/)).toEqual(["Modelling", "Rigging"]);
    expect(chipValues("a, b,,c", /,/)).toEqual(["a", "b", "c"]);
    expect(chipValues(undefined, /,/)).toEqual([]);
  });
});

describe("media checks by magic bytes", () => {
  const bytes = (...b: (number | string)[]) => new Uint8Array(b.flatMap((x) => (typeof x === "string" ? [...x].map((c) => c.charCodeAt(0)) : [x])));
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    [bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a), "image/png"],
    [bytes("GIF89a"), "image/gif"],
    [bytes("RIFF", 0, 0, 0, 0, "WEBP"), "image/webp"],
    [bytes(0, 0, 0, 0x1c, "ftypavif"), "image/avif"],
    [bytes(0, 0, 0, 0x18, "ftypisom"), "video/mp4"],
    [bytes(0x1a, 0x45, 0xdf, 0xa3), "video/webm"],
  ])("recognises %s", (head, mime) => {
    expect(sniffType(head)?.mime).toBe(mime);
  });

  it("refuses SVG, HTML and executables whatever their names say", () => {
    expect(() => checkMedia("image", "logo.svg", 100, bytes("<svg xmlns"))).toThrow("logo.svg is not a supported image: use JPEG, PNG, WebP, AVIF or GIF.");
    expect(() => checkMedia("image", "photo.jpg", 100, bytes("<html>"))).toThrow("photo.jpg is not a supported image");
    expect(() => checkMedia("video", "clip.mp4", 100, bytes("MZ", 0x90, 0))).toThrow("clip.mp4 is not a supported video: use MP4 or WebM.");
    expect(() => checkMedia("video", "still.mp4", 100, bytes(0xff, 0xd8, 0xff))).toThrow("is not a supported video");
  });

  it("names the size limit", () => {
    expect(() => checkMedia("image", "huge.jpg", 11 * 1024 * 1024, bytes(0xff, 0xd8, 0xff))).toThrow("huge.jpg is too large: images can be at most 10 MB.");
    expect(() => checkMedia("video", "long.mp4", 91 * 1024 * 1024, bytes(0, 0, 0, 0x18, "ftypisom"))).toThrow(
      "long.mp4 is too large: videos can be at most 90 MB.",
    );
    expect(() => checkMedia("thumbnail", "empty.jpg", 0, bytes())).toThrow("empty.jpg is empty.");
  });
});
