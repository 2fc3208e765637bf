/** Messages the JSON API and the screens both say, kept here so that neither imports the other's code. */

/** What publishing a product answers (the API and the admin screens). */
export const PRODUCT_PUBLISHED = "Product published";

/** What deleting a billing address answers (the API and the Saved Addresses screen). */
export const ADDRESS_DELETED = "Address deleted";
