/**
 * The landing page's words about the studio, in one place for the operator to edit. Numbers are not
 * typed here: the delivery days and the number of services come from the catalogue
 * (`landingPage`), and a creator count waits until creators are accounts the shop can count.
 */
export const MARKETING = {
  /** Where the studio's creators work. */
  creatorsWhere: "across the UK, US and Europe",
} as const;
