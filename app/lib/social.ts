/**
 * The studio's own profiles on social networks, for the footer: from the Worker's variables
 * (`SOCIAL_INSTAGRAM`, `SOCIAL_YOUTUBE`, `SOCIAL_LINKEDIN`, `SOCIAL_X`), each an https address. A
 * network left unset (or set to anything but an https address) is not shown; with none set, the
 * footer shows no social links at all, rather than links to the networks' home pages.
 */
/**
 * Each network with its icon (inline SVG path data, 24×24), sent with the links the loader gives the
 * footer: the icons of networks the studio is not on never reach the browser's code.
 */
export const SOCIAL_NETWORKS = [
  {
    name: "Instagram",
    variable: "SOCIAL_INSTAGRAM",
    icon: "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 1.8A3.2 3.2 0 0 0 4.8 8v8A3.2 3.2 0 0 0 8 19.2h8a3.2 3.2 0 0 0 3.2-3.2V8A3.2 3.2 0 0 0 16 4.8Zm4 2.5a4.7 4.7 0 1 1 0 9.4 4.7 4.7 0 0 1 0-9.4Zm0 1.7a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm4.9-3a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2Z",
  },
  {
    name: "YouTube",
    variable: "SOCIAL_YOUTUBE",
    icon: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z",
  },
  {
    name: "LinkedIn",
    variable: "SOCIAL_LINKEDIN",
    icon: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1v5.45h-4V15.9c0-1.16-.02-2.65-1.62-2.65-1.62 0-1.87 1.26-1.87 2.57v4.93h-4v-11Z",
  },
  {
    name: "X",
    variable: "SOCIAL_X",
    icon: "M17.5 3h3.2l-7 8 8.2 10h-6.4l-5-6.2L4.8 21H1.6l7.5-8.6L1.2 3h6.6l4.5 5.7L17.5 3Zm-1.1 16.1h1.8L6.6 4.8H4.7l11.7 14.3Z",
  },
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]["name"];
export interface SocialLink {
  name: SocialNetwork;
  href: string;
  icon: string;
}

export function socialLinks(vars: Partial<Record<(typeof SOCIAL_NETWORKS)[number]["variable"], string>>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const { name, variable, icon } of SOCIAL_NETWORKS) {
    const value = vars[variable]?.trim();
    if (!value || value.length > 500) continue;
    try {
      const url = new URL(value);
      if (url.protocol === "https:") links.push({ name, href: url.href, icon });
    } catch {
      // Not an address: left out.
    }
  }
  return links;
}
