/**
 * Server side of checkout (SPEC §2, §4; DESIGN.md §5). Everything a customer does here is a plain
 * form post, so the whole purchase works before JavaScript loads; with JavaScript the same posts
 * run as fetches.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { AddressSchema } from "~/lib/schemas/address";
import { createAddress, listAddresses, preferredAddress } from "~/services/addresses.server";
import { requireCustomer } from "~/services/auth.server";
import { createOrder, createOrderForHostedCheckout, getOrder, OrderError, recordIntentStatus, syncPaymentStatus } from "~/services/orders.server";
import { completeHostedCheckout, startHostedCheckout } from "~/services/payments/hosted-checkout.server";
import { getGateway, paymentsMode } from "~/services/payments/gateway.server";
import { createLocalGateway } from "~/services/payments/local-gateway.server";
import { getProduct } from "~/services/products.server";
import { randomToken } from "~/services/crypto.server";

function parseIndex(value: string | null): number | null {
  return value !== null && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

export function checkoutUrl(productId: number, packageIndex: number, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams({ package: String(packageIndex) });
  for (const [k, v] of Object.entries(extra)) params.set(k, String(v));
  return `/products/${productId}/checkout?${params}`;
}

/** Product, package and customer for a checkout URL; a missing or unknown package goes back to the product (SPEC §2). */
async function checkoutContext(context: AppLoadContext, request: Request, productIdParam: string | undefined) {
  const customer = await requireCustomer(context, request);
  const productId = /^\d{1,12}$/.test(productIdParam ?? "") ? Number(productIdParam) : null;
  const product = productId ? await getProduct(context.db, productId) : null;
  if (!product) throw new Response("Product not found", { status: 404 });
  const packageIndex = parseIndex(new URL(request.url).searchParams.get("package"));
  const pkg = packageIndex === null ? undefined : product.packages[packageIndex];
  if (packageIndex === null || !pkg) throw redirect(`/products/${product.id}`);
  return { customer, product, pkg, packageIndex };
}

export async function checkoutLoader(context: AppLoadContext, request: Request, productIdParam: string | undefined) {
  const { customer, product, pkg, packageIndex } = await checkoutContext(context, request, productIdParam);
  const url = new URL(request.url);
  const addresses = await listAddresses(context.db, customer.id);
  const requested = parseIndex(url.searchParams.get("address"));
  const selected = addresses.find((a) => a.id === requested) ?? preferredAddress(addresses) ?? null;

  const orderParam = url.searchParams.get("order");
  const orderId = orderParam && /^\d{1,12}$/.test(orderParam) ? Number(orderParam) : null;
  let order = orderId ? await getOrder(context.db, orderId, { userId: customer.id }) : null;
  if (order && order.product_id !== product.id) order = null;
  const sessionId = url.searchParams.get("session_id");
  if (order && sessionId && paymentsMode(context.env) === "stripe") {
    order = (await completeHostedCheckout(context.env, context.db, order.id, sessionId)) ?? order;
  }
  let paymentError: string | null = null;
  if (order && order.payment_status !== "succeeded") {
    const gateway = getGateway(context.env, context.db);
    const intent = order.stripe_transaction_id ? await gateway.retrieveIntent(order.stripe_transaction_id) : null;
    if (intent) {
      order = { ...order, payment_status: await recordIntentStatus(context.db, order.id, intent) };
      paymentError = intent.lastError ?? (order.payment_status === "succeeded" ? null : `Payment status: ${order.payment_status}`);
    }
  }
  return {
    customer: { name: customer.name },
    product: { id: product.id, title: product.title, image: product.images[0] ?? product.video_thumbnail ?? null },
    pkg,
    packageIndex,
    addresses,
    selectedAddressId: selected?.id ?? null,
    panel: url.searchParams.get("add") === "1" ? ("add" as const) : url.searchParams.get("view") === "all" ? ("all" as const) : null,
    order,
    paymentError,
    mode: paymentsMode(context.env),
    publishableKey: context.env.STRIPE_PUBLISHABLE_KEY ?? null,
    // A fresh key per page view: a double-clicked or replayed submit of this page makes one order.
    checkoutKey: crypto.randomUUID(),
  };
}

const PaySchema = z.object({
  address_id: z.coerce.number({ invalid_type_error: "Choose a billing address" }).int().positive("Choose a billing address"),
  checkout_key: z.string().min(8).max(100),
  order_id: z.coerce.number().int().positive().optional(),
  card_number: z.string().max(40).default(""),
  card_expiry: z.string().max(10).default(""),
  card_cvc: z.string().max(8).default(""),
});

export type CheckoutActionData =
  | { intent: "add-address"; result: SubmissionResult<string[]> }
  | { intent: "pay"; error: string; orderId: number | null; checkoutKey: string }
  | { intent: "create-order"; orderId: number; clientSecret: string; error?: undefined }
  | { intent: "create-order"; error: string; orderId: number | null }
  | { intent: "sync"; orderId: number; paymentStatus: string };

export async function checkoutAction(context: AppLoadContext, request: Request, productIdParam: string | undefined) {
  const { customer, product, packageIndex } = await checkoutContext(context, request, productIdParam);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "add-address") {
    const submission = parseWithZod(formData, { schema: AddressSchema });
    if (submission.status !== "success") return data<CheckoutActionData>({ intent: "add-address", result: submission.reply() }, { status: 400 });
    const current = Number(formData.get("selected_address_id")) || null;
    const saved = await createAddress(context.db, customer.id, submission.value);
    // SPEC §4: a new address is selected when it is the default or the first; otherwise the choice stays.
    const select = saved.is_default || !current ? saved.id : current;
    return redirect(checkoutUrl(product.id, packageIndex, { address: select }));
  }

  if (intent === "hosted-checkout") {
    // Stripe mode without JavaScript: pay on Stripe's hosted page, then come back here.
    const parsed = PaySchema.safeParse(Object.fromEntries(formData));
    const checkoutKey = String(formData.get("checkout_key") ?? "") || randomToken(12);
    if (!parsed.success || paymentsMode(context.env) !== "stripe") {
      return data<CheckoutActionData>({ intent: "pay", error: parsed.error?.issues[0]?.message ?? "Payment failed", orderId: null, checkoutKey }, { status: 400 });
    }
    try {
      const order = await createOrderForHostedCheckout(context.db, customer.id, {
        productId: product.id,
        packageIndex,
        billingAddressId: parsed.data.address_id,
        idempotencyKey: parsed.data.checkout_key,
      });
      const origin = new URL(request.url).origin;
      const stripeUrl = await startHostedCheckout(context.env, order, {
        success: `${origin}${checkoutUrl(product.id, packageIndex, { order: order.id })}&session_id={CHECKOUT_SESSION_ID}`,
        cancel: `${origin}${checkoutUrl(product.id, packageIndex)}`,
      });
      return redirect(stripeUrl);
    } catch (error) {
      if (error instanceof OrderError) return data<CheckoutActionData>({ intent: "pay", error: error.message, orderId: null, checkoutKey }, { status: error.status });
      throw error;
    }
  }

  if (intent === "pay" || intent === "create-order") {
    const parsed = PaySchema.safeParse(Object.fromEntries(formData));
    const checkoutKey = String(formData.get("checkout_key") ?? "") || randomToken(12);
    if (!parsed.success) {
      return data<CheckoutActionData>({ intent: "pay", error: parsed.error.issues[0]?.message ?? "Payment failed", orderId: null, checkoutKey }, { status: 400 });
    }
    const input = parsed.data;
    const gateway = getGateway(context.env, context.db);
    let orderId: number;
    let clientSecret: string | null;
    let intentId: string | null;
    try {
      // A retry after a decline pays the same order; anything else starts from the page's checkout key.
      const reusable = input.order_id ? await getOrder(context.db, input.order_id, { userId: customer.id }) : null;
      if (reusable && reusable.product_id === product.id && reusable.package_index === packageIndex && reusable.payment_status !== "succeeded" && reusable.stripe_transaction_id) {
        const existing = await gateway.retrieveIntent(reusable.stripe_transaction_id);
        orderId = reusable.id;
        clientSecret = existing?.clientSecret ?? null;
        intentId = existing?.id ?? null;
      } else {
        const created = await createOrder(context.db, gateway, customer.id, {
          productId: product.id,
          packageIndex,
          billingAddressId: input.address_id,
          idempotencyKey: input.checkout_key,
        });
        orderId = created.order.id;
        clientSecret = created.clientSecret;
        intentId = created.intent.id;
      }
    } catch (error) {
      if (error instanceof OrderError) return data<CheckoutActionData>({ intent: "pay", error: error.message, orderId: null, checkoutKey }, { status: error.status });
      throw error;
    }

    if (intent === "create-order") {
      // Stripe with JavaScript: the browser confirms the card with Stripe.js using this secret.
      if (!clientSecret) return data<CheckoutActionData>({ intent: "create-order", error: "No client secret returned from the server", orderId }, { status: 502 });
      return data<CheckoutActionData>({ intent: "create-order", orderId, clientSecret });
    }

    if (gateway.name !== "local" || !intentId) {
      return data<CheckoutActionData>({ intent: "pay", error: "Card payments need JavaScript in this shop right now.", orderId, checkoutKey }, { status: 400 });
    }
    const local = createLocalGateway(context.db);
    const outcome = await local.confirmCard(intentId, { number: input.card_number, expiry: input.card_expiry, cvc: input.card_cvc });
    if (!outcome.ok) return data<CheckoutActionData>({ intent: "pay", error: outcome.message, orderId, checkoutKey }, { status: 400 });
    const status = await recordIntentStatus(context.db, orderId, outcome.intent);
    if (outcome.intent.status === "requires_action") {
      throw redirect(`/payments/local/${encodeURIComponent(intentId)}?${new URLSearchParams({ return_to: checkoutUrl(product.id, packageIndex, { order: orderId }) })}`);
    }
    if (status === "succeeded") return redirect(checkoutUrl(product.id, packageIndex, { order: orderId }));
    return data<CheckoutActionData>(
      { intent: "pay", error: outcome.intent.lastError ?? `Payment status: ${status}`, orderId, checkoutKey },
      { status: 402 },
    );
  }

  if (intent === "sync") {
    const orderId = Number(formData.get("order_id"));
    const order = Number.isSafeInteger(orderId) ? await getOrder(context.db, orderId, { userId: customer.id }) : null;
    if (!order) throw new Response("Order not found", { status: 404 });
    const paymentStatus = await syncPaymentStatus(context.db, getGateway(context.env, context.db), order.id);
    return data<CheckoutActionData>({ intent: "sync", orderId: order.id, paymentStatus });
  }

  return data({ intent: null }, { status: 400 });
}
