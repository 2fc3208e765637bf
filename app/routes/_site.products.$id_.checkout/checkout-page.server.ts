/**
 * The checkout screen's own server half: which customer, product and package a checkout URL names
 * (SPEC §2: no package → back to the product), and the page's data in one round trip. The payment
 * flow it drives is the domain's (app/domain/orders/checkout.server.ts).
 */
import { vatCheckNotice } from "~/domain/money/vat-numbers.server";
import { getShopSettings, loadTaxRules } from "~/domain/money/tax.server";
import { taxAddressOf } from "~/domain/money/tax-service.server";
import { checkPromotion } from "~/domain/money/promotions.server";
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { reconcilePayment } from "~/domain/orders/checkout.server";
import { paymentsMode } from "~/domain/payments/mode.server";
import { requireCustomer, sessionSubject } from "~/auth/index.server";
import { getProduct } from "~/domain/catalogue/products.server";
import { listAddresses, preferredAddress } from "~/domain/orders/addresses.server";
import type { CheckoutTarget } from "~/domain/orders/checkout.server";
import { parseId } from "~/lib/record-id";
import type { SubmissionResult } from "@conform-to/react";
import { refuse } from "~/domain/refusal";
import { refusalPage } from "~/http/screen-refusal.server";

export function parseIndex(value: string | null | undefined): number | null {
  return typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

/** The signed-in customer, product and package of a checkout URL (SPEC §2: no package → back to the product). */
export async function getCheckoutTarget(context: AppLoadContext, request: Request, productIdParam: string | undefined): Promise<CheckoutTarget> {
  const productId = parseId(productIdParam);
  // Both at once: the product is read beside the session, and shown only once the session holds.
  const [customer, product] = await Promise.all([requireCustomer(context, request), productId ? getProduct(context.db, productId) : null]);
  if (!product) throw refusalPage(refuse.notFound("Product not found"));
  const packageIndex = parseIndex(new URL(request.url).searchParams.get("package"));
  const pkg = packageIndex === null ? undefined : product.packages[packageIndex];
  if (packageIndex === null || !pkg) throw redirect(`/products/${product.id}`);
  return { customer, product, pkg, packageIndex };
}

/** The promotion code of a checkout URL (`?promo=`): as typed, bounded; empty is none. */
export function parsePromoParam(value: string | null): string | null {
  const code = (value ?? "").trim();
  return code ? code.slice(0, 100) : null;
}

/**
 * The checkout page's data in one round trip: the target (session, product, package) and the
 * customer's addresses, read beside the session through its subject, with the address checkout
 * selects: the requested one, else the default, else the first (SPEC §4). With a promotion code
 * (`?promo=`), whether this customer may use it here: its discount goes into the quote, or the
 * reason it is refused is shown under the code's field.
 */
export async function checkoutPage(
  context: AppLoadContext,
  request: Request,
  productIdParam: string | undefined,
  requestedAddressId: number | null,
  promoCode: string | null = null,
) {
  // The tax rules and the seller's settings do not depend on who asks: read beside the session.
  const [target, addresses, rules, settings] = await Promise.all([
    getCheckoutTarget(context, request, productIdParam),
    sessionSubject(request, "customer").then((customerId) => listAddresses(context.db, customerId)),
    loadTaxRules(context.db),
    getShopSettings(context.db),
  ]);
  const selected = addresses.find((a) => a.id === requestedAddressId) ?? preferredAddress(addresses) ?? null;
  const { pkg } = target;
  const promo = promoCode
    ? await checkPromotion(context.db, promoCode, {
        userId: target.customer.id,
        productId: target.product.id,
        currency: pkg.currency,
        subtotalMinor: pkg.amount_minor,
      })
    : null;
  const discountMinor = promo?.ok ? promo.promotion.discountMinor : 0;
  // What the card will be charged for the selected address, tax included (the same quote the order is
  // made with; the rule table's from the rows read above, Stripe Tax's from a calculation).
  const price = selected
    ? await context.tax.quote(context.db, { subtotalMinor: pkg.amount_minor, discountMinor, currency: pkg.currency, buyer: taxAddressOf(selected) }, rules)
    : null;
  return {
    target,
    addresses,
    selectedAddressId: selected?.id ?? null,
    price,
    taxName: settings.taxName,
    promo: promoCode
      ? promo?.ok
        ? { code: promo.promotion.code, applied: true as const, discountMinor, error: null }
        : { code: promoCode, applied: false as const, discountMinor: 0, error: promo?.message ?? null }
      : null,
  };
}

/**
 * Under the tax, for this buyer: the words of the rule that applied (the operator's, from the tax
 * settings), and the currency the price is in.
 */
function taxExplanationFor(ruleWords: string | null, currency: string): string {
  const money = `Prices are in ${currency}; a card in another currency is converted by its bank.`;
  return ruleWords ? `${ruleWords} ${money}` : money;
}

/** The checkout page's data (the route's loader; its components type their `useLoaderData` by it). */
export async function checkoutLoader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { target, addresses, selectedAddressId, price, taxName, promo } = await checkoutPage(
    context,
    request,
    params.id,
    parseIndex(url.searchParams.get("address")),
    parsePromoParam(url.searchParams.get("promo")),
  );
  const { order, paymentError } = await reconcilePayment(context, target, {
    orderId: parseId(url.searchParams.get("order")),
    hostedSessionId: url.searchParams.get("session_id"),
  });
  const { product, pkg, packageIndex } = target;
  return {
    customer: { name: target.customer.name },
    product: { id: product.id, title: product.title, image: product.images[0] ?? product.video_thumbnail ?? null },
    pkg,
    packageIndex,
    addresses,
    selectedAddressId,
    price: price && { ...price, vatCheck: undefined, explanation: undefined },
    vatNotice: price ? vatCheckNotice(price.vatCheck, taxName) : null,
    taxExplanation: price ? taxExplanationFor(price.explanation, pkg.currency) : null,
    taxName,
    promo,
    panel: url.searchParams.get("add") === "1" ? ("add" as const) : url.searchParams.get("view") === "all" ? ("all" as const) : null,
    order,
    paymentError,
    mode: paymentsMode(context.env),
    publishableKey: context.env.STRIPE_PUBLISHABLE_KEY ?? null,
    // A fresh key per page view: a double-clicked or replayed submit of this page makes one order.
    checkoutKey: crypto.randomUUID(),
    // The dates the page promises are counted from the server's clock (the same before and after hydration).
    now: Date.now(),
  };
}

export type CheckoutLoader = typeof checkoutLoader;

/** What the page's action answers, by intent (its forms and fetchers read it). */
export type CheckoutActionData =
  | { intent: "add-address"; result: SubmissionResult<string[]> }
  | { intent: "pay"; refused: string; orderId: number | null; checkoutKey: string; field?: "promo_code" }
  | { intent: "create-order"; orderId: number; clientSecret: string; refused?: undefined; paid?: undefined }
  | { intent: "create-order"; orderId: number; paid: true; clientSecret?: undefined; refused?: undefined }
  | { intent: "create-order"; refused: string; orderId: number | null }
  | { intent: "sync"; orderId: number; paymentStatus: string };
