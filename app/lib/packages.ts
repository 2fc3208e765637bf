const PACKAGE_NAMES = ["Basic", "Standard", "Premium"] as const;

/** Packages are named by position (SPEC §1): first Basic, second Standard, third Premium. */
export function packageName(position: number): string {
  return PACKAGE_NAMES[position] ?? `Package ${position + 1}`;
}

/** Checkout's package label: the first five characters of the short description (SPEC §2). */
export function packageLabel(shortDescription: string): string {
  return shortDescription.slice(0, 5);
}
