/** The reviews policy's numbers, shared by the service and the pages that state them. */
export const REVIEW_WINDOW_DAYS = 60;
export const EDIT_WINDOW_DAYS = 14;
export const REVIEWS_PER_PAGE = 10;
