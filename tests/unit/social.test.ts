import { describe, expect, it } from "vitest";
import { socialLinks } from "~/lib/social";

describe("the footer's social links", () => {
  it("lists the configured https profiles in the networks' order", () => {
    const links = socialLinks({ SOCIAL_X: "https://x.com/studio", SOCIAL_INSTAGRAM: " https://www.instagram.com/studio/ " });
    expect(links.map(({ name, href }) => ({ name, href }))).toEqual([
      { name: "Instagram", href: "https://www.instagram.com/studio/" },
      { name: "X", href: "https://x.com/studio" },
    ]);
    // Each with its network's icon (SVG path data), sent with the link.
    for (const link of links) expect(link.icon).toMatch(/^M[\d.]+ [\d.]+/);
  });

  it("leaves out what is unset, empty, not an address or not https", () => {
    expect(socialLinks({})).toEqual([]);
    expect(socialLinks({ SOCIAL_INSTAGRAM: "", SOCIAL_YOUTUBE: "not a url", SOCIAL_LINKEDIN: "javascript:alert(1)", SOCIAL_X: "http://x.com/studio" })).toEqual(
      [],
    );
  });
});
