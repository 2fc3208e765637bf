/** Creators' monthly statements (app/domain/payouts/statements.server.ts), in numbers the API document quotes. Isomorphic. */

/** `2026-11`: a month, UTC. */
export const STATEMENT_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A month's movements a statement lists at most (a month of work; more says so). */
export const STATEMENT_MOVEMENTS_MAX = 1000;
/** Months the statements list offers, newest first. */
export const STATEMENT_MONTHS_LISTED = 24;
