/**
 * The JSON API's contract: every call under `/api/v1`, declared by resource in the files beside
 * this one (accounts, catalogue, billing addresses, orders, a version's review, uploads, promotions,
 * the service's own), with who may make it, the Zod schemas its route validates the request with,
 * the shapes it answers with and the kinds of refusal it can answer (./shared.ts). The OpenAPI document (`/api/v1/openapi.json`, http/openapi.server.ts) and the reference
 * page (`/api/docs`) are generated from it (each refusal's status from its kind, as the server
 * decides it), the server answers methods a path does not list with 405 and OPTIONS with the path's
 * `Allow` from it (edge/api-boundary.server.ts), and tests check that the routes and their answers
 * agree with it (tests/integration/api-contract.test.ts, tests/integration/openapi-driven.test.ts).
 * Server-only: the browser's code never imports it (client-chunks.ts refuses a build that would).
 */
import { ACCOUNTS_CALLS } from "./accounts";
import { CATALOGUE_CALLS } from "./catalogue";
import { BILLING_ADDRESSES_CALLS } from "./billing-addresses";
import { ApproversResponse, ChangeOfferResponse, ORDERS_CALLS, StageResponse } from "./orders";
import { VERSION_REVIEW_CALLS } from "./version-review";
import { UPLOADS_CALLS } from "./uploads";
import { PROMOTIONS_CALLS } from "./promotions";
import { SERVICE_CALLS } from "./service";
import { CREATORS_CALLS, CreatorCardResponse, CreatorOrderResponse, CreatorProfileResponse, PayoutAccountResponse, PublicCreatorResponse } from "./creators";
import {
  BriefResponse,
  OrderEventResponse,
  DeliveryResponse,
  CommentResponse,
  UploadResponse,
  RevisionResponse,
  MessageResponse,
  UserResponse,
  AdminResponse,
  AddressResponse,
  PackageResponse,
  ProductResponse,
  CreatorCreditResponse,
  ReviewResponse,
  OrderResponse,
  InvoiceResponse,
  RefundResponse,
  PromotionResponse,
  type ApiOperation,
} from "./shared";
import { type z } from "zod";
import { AddressSchema } from "~/domain/orders/address-schema.server";

export * from "./shared";

/** Every call, in the document's order. */
const OPERATIONS = [
  ...ACCOUNTS_CALLS,
  ...CATALOGUE_CALLS,
  ...BILLING_ADDRESSES_CALLS,
  ...ORDERS_CALLS,
  ...VERSION_REVIEW_CALLS,
  ...UPLOADS_CALLS,
  ...PROMOTIONS_CALLS,
  ...CREATORS_CALLS,
  ...SERVICE_CALLS,
] as const;

/**
 * What a kind of caller adds to every call it may make: the 403 of a token of the wrong kind (a
 * creator's on the buyer's calls that name no record, where those that do answer 404; a suspended
 * creator's on the calls creators make), declared once here rather than on each call.
 */
const AUTH_REFUSALS: Partial<Record<ApiOperation["auth"], ApiOperation["refusals"]>> = {
  "customer or admin": {
    forbidden: { description: "A creator's token (creators read their orders under /creator/orders)", message: "Customer access required" },
  },
  "customer, admin or creator": { forbidden: { description: "A suspended creator's token", message: "Your creator account is suspended" } },
  "admin or creator": { forbidden: { description: "A customer's token, or a suspended creator's", message: "Admin access required" } },
  creator: { forbidden: { description: "A customer's or an admin's token", message: "Creator access required" } },
};
const withAuthRefusals = (op: ApiOperation): ApiOperation => {
  const added = AUTH_REFUSALS[op.auth];
  return added && !("forbidden" in op.refusals) ? { ...op, refusals: { ...op.refusals, ...added } } : op;
};

/** Every call, in the document's order. */
export const API_OPERATIONS: readonly ApiOperation[] = OPERATIONS.map(withAuthRefusals);

type Operation = (typeof OPERATIONS)[number];
/** A call's name as its method and path: `"POST /orders/{id}/refund"`. */
export type OperationKey = Operation extends infer O
  ? O extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;
/** The declaration of the call `K`, with its schemas' own types. */
export type OperationOf<K extends OperationKey> = K extends `${infer M} ${infer P}` ? Extract<Operation, { method: M; path: P }> : never;

/** The declaration of a call, by its method and path (routes build themselves from it: app/http/api/call.server.ts). */
export function operation<K extends OperationKey>(key: K): OperationOf<K> {
  const found = API_OPERATIONS.find((op) => `${op.method} ${op.path}` === key);
  if (!found) throw new Error(`No such call in the contract: ${key}`);
  return found as OperationOf<K>;
}

/** The methods a contract path template (`/orders/{id}`) takes, with HEAD beside GET. */
export function pathMethods(path: string): string[] {
  const methods = API_OPERATIONS.filter((op) => op.path === path).map((op) => op.method as string);
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** The methods a contract path allows (HEAD with GET), or null when the path is not in the contract. */
export function allowedMethods(pathname: string): string[] | null {
  const matching = API_OPERATIONS.filter((op) => pathPattern(op.path).test(pathname));
  if (!matching.length) return null;
  // As the router does: a literal segment wins over a parameter (`/users/me` over `/users/{id}`).
  const params = (path: string) => path.split("{").length - 1;
  const fewest = Math.min(...matching.map((op) => params(op.path)));
  const methods = matching.filter((op) => params(op.path) === fewest).map((op) => op.method);
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}

/** `/orders/{id}` → a pattern for `/api/v1/orders/12` (ids are the digits the routes accept, or anything, to answer 400 there). */
export function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[a-z_]+\}/g, "[^/]+");
  return new RegExp(`^/api/v1${source}/?$`);
}

/**
 * Schemas the document writes once, as components (`#/components/schemas/{name}`), and names
 * wherever a call uses them: an address's per-country rules, and the records the answers carry.
 */
export const API_COMPONENTS: Record<string, z.ZodTypeAny> = {
  BillingAddressInput: AddressSchema,
  BillingAddress: AddressResponse,
  User: UserResponse,
  Admin: AdminResponse,
  Package: PackageResponse,
  Product: ProductResponse,
  Review: ReviewResponse,
  Order: OrderResponse,
  Invoice: InvoiceResponse,
  Refund: RefundResponse,
  Promotion: PromotionResponse,
  Brief: BriefResponse,
  OrderEvent: OrderEventResponse,
  Stage: StageResponse,
  Approvers: ApproversResponse,
  ChangeOffer: ChangeOfferResponse,
  Delivery: DeliveryResponse,
  Comment: CommentResponse,
  Upload: UploadResponse,
  Revision: RevisionResponse,
  Message: MessageResponse,
  CreatorProfile: CreatorProfileResponse,
  CreatorOrder: CreatorOrderResponse,
  PayoutAccount: PayoutAccountResponse,
  CreatorCredit: CreatorCreditResponse,
  CreatorCard: CreatorCardResponse,
  PublicCreator: PublicCreatorResponse,
};
