/**
 * One-line guards' answers, thrown (or returned) from a loader or action: `throw notFound("Order not
 * found")`, as Epic Stack's `invariantResponse`. One shape for each: the message as plain text,
 * never cached unless the caller says so; pages render it through their error boundary. Routes never
 * build a 4xx `Response` themselves (ESLint), and the JSON API answers refusals through `apiCall`.
 */
import type { Refusal } from "~/domain/refusal";
import { REFUSAL_STATUS } from "./refusal-answer.server";

type Options = { cache?: string };

function answer(status: number, message: string, { cache = "no-store" }: Options): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cache } });
}

export const badRequest = (message: string, options: Options = {}) => answer(400, message, options);
export const unauthorized = (message: string, options: Options = {}) => answer(401, message, options);
export const forbidden = (message: string, options: Options = {}) => answer(403, message, options);
export const notFound = (message = "Not found", options: Options = {}) => answer(404, message, options);

/** A domain refusal as plain text with its kind's status (files and exports a page links to). */
export const refusalText = (refusal: Refusal, options: Options = {}) => answer(REFUSAL_STATUS[refusal.kind], refusal.message, options);
