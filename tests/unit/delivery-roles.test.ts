import { describe, expect, it } from "vitest";
import { DELIVERY_LIMITS, roleFits, suggestedRole } from "~/lib/rules/delivery-rules";

const MB = 1024 * 1024;
const mp4 = { type: "video/mp4", size: 20 * MB };
const mov = { type: "video/quicktime", size: 2 * 1024 * MB };
const jpeg = { type: "image/jpeg", size: 2 * MB };

describe("a delivery's file roles", () => {
  it("starts the first MP4 or WebM as the preview, the next as a file", () => {
    expect(suggestedRole(mp4, false)).toBe("preview");
    expect(suggestedRole({ type: "video/webm", size: MB }, false)).toBe("preview");
    expect(suggestedRole(mp4, true)).toBe("file");
  });

  it("starts what the form cannot carry as a master: other types, or files over the form's limits", () => {
    expect(suggestedRole(mov, false)).toBe("master");
    expect(suggestedRole({ type: "application/zip", size: MB }, false)).toBe("master");
    expect(suggestedRole({ type: "video/mp4", size: DELIVERY_LIMITS.videoBytes + 1 }, true)).toBe("master");
    expect(suggestedRole({ type: "image/jpeg", size: DELIVERY_LIMITS.imageBytes + 1 }, false)).toBe("master");
    expect(suggestedRole(jpeg, false)).toBe("file");
  });

  it("lets any file be a master, only MP4 or WebM the preview, and only what the form takes a file", () => {
    for (const file of [mp4, mov, jpeg]) expect(roleFits("master", file)).toBe(true);
    expect(roleFits("preview", { type: "video/mp4", size: 5 * 1024 * MB })).toBe(true);
    expect(roleFits("preview", mov)).toBe(false);
    expect(roleFits("preview", jpeg)).toBe(false);
    expect(roleFits("file", { type: "application/pdf", size: DELIVERY_LIMITS.documentBytes })).toBe(true);
    expect(roleFits("file", { type: "application/pdf", size: DELIVERY_LIMITS.documentBytes + 1 })).toBe(false);
    expect(roleFits("file", mov)).toBe(false);
  });
});
