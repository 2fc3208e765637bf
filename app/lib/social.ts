/**
 * The studio's own profiles on social networks, for the footer: from the Worker's variables
 * (`SOCIAL_INSTAGRAM`, `SOCIAL_YOUTUBE`, `SOCIAL_LINKEDIN`, `SOCIAL_X`), each an https address. A
 * network left unset (or set to anything but an https address) is not shown; with none set, the
 * footer shows no social links at all, rather than links to the networks' home pages.
 */
export const SOCIAL_NETWORKS = [
  { name: "Instagram", variable: "SOCIAL_INSTAGRAM" },
  { name: "YouTube", variable: "SOCIAL_YOUTUBE" },
  { name: "LinkedIn", variable: "SOCIAL_LINKEDIN" },
  { name: "X", variable: "SOCIAL_X" },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["name"];
export interface SocialLink {
  name: SocialNetwork;
  href: string;
}

export function socialLinks(vars: Partial<Record<(typeof SOCIAL_NETWORKS)[number]["variable"], string>>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const { name, variable } of SOCIAL_NETWORKS) {
    const value = vars[variable]?.trim();
    if (!value || value.length > 500) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "https:") links.push({ name, href: url.href });
    } catch {
      // Not an address: left out.
    }
  }
  return links;
}
