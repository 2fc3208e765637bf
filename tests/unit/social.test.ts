import { describe, expect, it } from "vitest";
import { socialLinks } from "~/lib/social";

describe("the footer's social links", () => {
  it("lists the configured https profiles in the networks' order", () => {
    expect(socialLinks({ SOCIAL_X: "https://x.com/studio", SOCIAL_INSTAGRAM: " https://www.instagram.com/studio/ " })).toEqual([
      { name: "Instagram", href: "https://www.instagram.com/studio/" },
      { name: "X", href: "https://x.com/studio" },
    ]);
  });

  it("leaves out what is unset, empty, not an address or not https", () => {
    expect(socialLinks({})).toEqual([]);
    expect(socialLinks({ SOCIAL_INSTAGRAM: "", SOCIAL_YOUTUBE: "not a url", SOCIAL_LINKEDIN: "javascript:alert(1)", SOCIAL_X: "http://x.com/studio" })).toEqual(
      [],
    );
  });
});
