/** A name as an address part: lower-case ASCII letters and digits joined by hyphens ("Zoë Brandt" → "zoe-brandt"), at most 60 characters. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** Could this be a slug `slugify` made (a creator's address part, with an id after it where names clash)? Bounded: at most 80 characters. */
export function isSlug(text: string | undefined): text is string {
  return text !== undefined && text.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(text);
}
