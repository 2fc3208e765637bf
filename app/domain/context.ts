/**
 * What a service may take from the request it serves, in the domain's own words: the request's
 * database client, the Worker's bindings, the payment gateway, the tax service and the origin the
 * request reached. The adapters pass their load context, which has all of these; the domain never
 * names Remix's types (ESLint keeps it so), so it can be called from a route, a queue or a timer alike.
 */
import type { Database } from "../../db/client";
import type { PaymentGateway } from "./payments/gateway.server";
import type { TaxService } from "./money/tax-service.server";

export interface ServiceContext {
  db: Database;
  env: Env;
  readonly payments: PaymentGateway;
  readonly tax: TaxService;
  /** The origin this request reached (emails use SHOP_ORIGIN instead). */
  origin: string;
}
