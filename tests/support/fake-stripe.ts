/**
 * A small fake of Stripe's PaymentIntents API for tests, enough for the real `stripe` SDK:
 * create (honouring Idempotency-Key), retrieve, cancel, refunds (honouring Idempotency-Key, refusing a
 * second refund of a charge as Stripe does), Stripe Tax's calculations, tax transactions and their
 * reversals (a few jurisdictions' rules, below), Connect's accounts, account links, transfers and
 * their reversals (honouring Idempotency-Key; a reversal refused once the money has left the
 * account), and test-only endpoints that play the part of Stripe.js confirming a card, of a creator
 * finishing onboarding, of an account paying out to its bank, and show what was recorded. Customers,
 * an intent's update (its customer and `setup_future_usage`) and confirmation with a kept card
 * (its test card decides: 4000 0027 6000 3184 asks to authenticate, 4000 0000 0000 0341 is declined),
 * payment methods retrieved and detached. No Stripe mock on npm covers PaymentIntents (docs/design.md §5).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readBody } from "./http";
import { randomBytes } from "node:crypto";

interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string; type: string } | null;
  livemode: false;
  created: number;
  customer: string | null;
  setup_future_usage: string | null;
  payment_method: string | null;
  next_action: { type: "redirect_to_url"; redirect_to_url: { url: string; return_url: string } } | null;
}

/** A card kept for a customer; `charges` is what confirming a later payment with it does (by its test card number). */
interface FakePaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  customer: string | null;
  charges: "succeeded" | "requires_action" | "declined";
}

/** The fake platform settles in GBP: what it receives for a charge in another currency, per unit. */
const SETTLEMENT_RATES: Record<string, number> = { usd: 0.8, eur: 0.85, gbp: 1 };
/** A connected account's currency by its country. */
const DEFAULT_CURRENCIES: Record<string, string> = { GB: "gbp", US: "usd", DE: "eur", FR: "eur", IE: "eur", NL: "eur" };

/** Stripe keeps idempotency keys per account: here per secret key, so test files using different keys never share an answer. */
function idempotencyKey(req: IncomingMessage) {
  const key = String(req.headers["idempotency-key"] ?? "");
  return key && `${String(req.headers.authorization ?? "")}|${key}`;
}

export async function startFakeStripe(): Promise<{ server: Server; port: number }> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const sessions = new Map<string, Record<string, unknown>>();
  let creates = 0;
  const refunds = new Map<string, Record<string, unknown>>();
  const refundedAmount = new Map<string, number>();
  type LineItem = { id?: string; reference?: string | null; amount: number; amount_tax?: number; original_line_item?: string | null };
  const calculations = new Map<
    string,
    Record<string, unknown> & { amount_total: number; currency: string; tax_amount_exclusive?: number; line_items?: { data: LineItem[] } }
  >();
  const taxTransactions = new Map<string, Record<string, unknown> & { amount_total: number; reversed: number; line_items?: LineItem[] | null }>();
  const taxByKey = new Map<string, Record<string, unknown>>();
  const taxReferences = new Set<string>();
  type FakeAccount = {
    id: string;
    object: "account";
    country: string;
    email: string;
    payouts_enabled: boolean;
    details_submitted: boolean;
    requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null };
    tos_acceptance: { service_agreement: string };
    controller: Record<string, unknown>;
    metadata: Record<string, string>;
    /** Its bank account's currency (the fake's accounts have one bank account, in their country's currency). */
    default_currency: string;
    /** What the account holds per currency (transfers in, less reversals and payouts). */
    balance: Record<string, number>;
  };
  const accounts = new Map<string, FakeAccount>();
  type FakeTransfer = {
    id: string;
    object: "transfer";
    amount: number;
    amount_reversed: number;
    currency: string;
    destination: string;
    transfer_group: string | null;
    metadata: Record<string, string>;
  };
  const transfers = new Map<string, FakeTransfer>();
  const connectByKey = new Map<string, unknown>();
  const formMetadata = (form: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    return metadata;
  };
  const customers = new Map<string, Record<string, unknown>>();
  const methods = new Map<string, FakePaymentMethod>();
  const confirmByKey = new Map<string, FakeIntent>();
  /** Payments made with a kept card (confirmations that succeeded at once). */
  let charges = 0;
  const publicMethod = ({ charges: _charges, ...method }: FakePaymentMethod) => method;
  const missing = (what: string) => ({ error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });
  const publicAccount = ({ balance: _balance, ...account }: FakeAccount) => account;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(6).toString("hex")}` });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    if (!url.pathname.startsWith("/__test/") && !String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const key = idempotencyKey(req);
      const existing = key && byKey.get(key);
      if (existing) return send(200, intents.get(existing));
      creates++;
      const form = new URLSearchParams(body);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const id = `pi_fake_${randomBytes(8).toString("hex")}`;
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "usd",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        metadata,
        description: form.get("description"),
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        customer: form.get("customer"),
        setup_future_usage: form.get("setup_future_usage"),
        payment_method: null,
        next_action: null,
      };
      intents.set(id, intent);
      if (key) byKey.set(key, id);
      return send(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      // A succeeded intent's charge, and (expanded) what the platform received for it in its settlement currency, GBP.
      if (intent.status === "succeeded" && [...url.searchParams].some(([k, v]) => k.startsWith("expand[") && v === "latest_charge.balance_transaction")) {
        const rate = SETTLEMENT_RATES[intent.currency] ?? 1;
        return send(200, {
          ...intent,
          latest_charge: {
            id: `ch_${intent.id.slice(3)}`,
            object: "charge",
            amount: intent.amount,
            currency: intent.currency,
            balance_transaction: {
              id: `txn_${intent.id.slice(3)}`,
              object: "balance_transaction",
              amount: Math.round(intent.amount * rate),
              currency: "gbp",
              exchange_rate: intent.currency === "gbp" ? null : rate,
            },
          },
        });
      }
      return send(200, intent);
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === "POST" && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      if (intent.status === "succeeded" || intent.status === "processing") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = "canceled";
      return send(200, intent);
    }

    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const key = idempotencyKey(req);
      const known = key && connectByKey.get(key);
      if (known) return send(200, known);
      const form = new URLSearchParams(body);
      const customer = {
        id: `cus_fake_${randomBytes(8).toString("hex")}`,
        object: "customer",
        email: form.get("email"),
        name: form.get("name"),
        metadata: formMetadata(form),
      };
      customers.set(customer.id, customer);
      if (key) connectByKey.set(key, customer);
      return send(200, customer);
    }

    // An intent's update: its customer and whether its card is kept ("" clears it); refused once paid or cancelled.
    const update = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && update) {
      const intent = intents.get(decodeURIComponent(update[1]!));
      if (!intent) return send(404, missing("payment_intent"));
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return send(400, {
          error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent's status is ${intent.status}.` },
        });
      }
      const form = new URLSearchParams(body);
      if (form.has("customer")) {
        const customer = form.get("customer")!;
        if (!customers.has(customer)) return send(400, missing(`customer: '${customer}'`));
        intent.customer = customer;
      }
      if (form.has("setup_future_usage")) intent.setup_future_usage = form.get("setup_future_usage") || null;
      return send(200, intent);
    }

    // Confirming with a kept card, the customer present: what the card's test number does, once per Idempotency-Key.
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    if (req.method === "POST" && confirm) {
      const key = idempotencyKey(req);
      const replay = key && confirmByKey.get(key);
      if (replay) return send(200, replay);
      const intent = intents.get(decodeURIComponent(confirm[1]!));
      if (!intent) return send(404, missing("payment_intent"));
      if (intent.status !== "requires_payment_method" && intent.status !== "requires_confirmation") {
        return send(400, {
          error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent's status is ${intent.status}.` },
        });
      }
      const form = new URLSearchParams(body);
      const method = methods.get(form.get("payment_method") ?? "");
      if (!method) return send(400, missing(`PaymentMethod '${form.get("payment_method")}'`));
      if (method.customer !== intent.customer) {
        return send(400, { error: { type: "invalid_request_error", message: "The provided PaymentMethod belongs to another Customer." } });
      }
      intent.payment_method = method.id;
      if (method.charges === "declined") {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { message: "Your card was declined.", type: "card_error" };
        return send(402, {
          error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_intent: intent },
        });
      }
      intent.last_payment_error = null;
      if (method.charges === "requires_action") {
        intent.status = "requires_action";
        intent.next_action = {
          type: "redirect_to_url",
          redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/authenticate/${intent.id}`, return_url: form.get("return_url") ?? "" },
        };
      } else {
        intent.status = "succeeded";
        charges++;
      }
      const answer = { ...intent };
      if (key) confirmByKey.set(key, answer);
      return send(200, answer);
    }

    // Deleting a customer detaches every card kept for it.
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (req.method === "DELETE" && customerMatch) {
      const id = decodeURIComponent(customerMatch[1]!);
      if (!customers.delete(id)) return send(404, missing("customer"));
      for (const kept of methods.values()) if (kept.customer === id) kept.customer = null;
      return send(200, { id, object: "customer", deleted: true });
    }
    // Test control: the bank refuses a kept card from now on (or accepts it again).
    const methodControl = /^\/__test\/payment_methods\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && methodControl) {
      const found = methods.get(decodeURIComponent(methodControl[1]!));
      if (!found) return send(404, { error: "no such payment method" });
      found.charges = (JSON.parse(body || "{}") as { charges: FakePaymentMethod["charges"] }).charges;
      return send(200, publicMethod(found));
    }
    if (req.method === "GET" && url.pathname === "/__test/customers") return send(200, { customers: [...customers.keys()] });

    const method = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && method) {
      const found = methods.get(decodeURIComponent(method[1]!));
      return found ? send(200, publicMethod(found)) : send(404, missing("PaymentMethod"));
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
    if (req.method === "POST" && detach) {
      const found = methods.get(decodeURIComponent(detach[1]!));
      if (!found) return send(404, missing("PaymentMethod"));
      if (!found.customer)
        return send(400, {
          error: { type: "invalid_request_error", message: "The payment method you provided is not attached to a customer so detachment is impossible." },
        });
      found.customer = null;
      return send(200, publicMethod(found));
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      const key = idempotencyKey(req);
      const existing = key && refunds.get(key);
      if (existing) return send(200, existing);
      const form = new URLSearchParams(body);
      const intent = intents.get(form.get("payment_intent") ?? "");
      if (!intent) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      if (intent.status !== "succeeded") {
        return send(400, {
          error: { type: "invalid_request_error", message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` },
        });
      }
      const already = refundedAmount.get(intent.id) ?? 0;
      const amount = form.has("amount") ? Number(form.get("amount")) : intent.amount - already;
      if (already + amount > intent.amount) {
        return send(400, {
          error: { type: "invalid_request_error", code: "charge_already_refunded", message: `Charge ch_${intent.id.slice(3)} has already been refunded.` },
        });
      }
      refundedAmount.set(intent.id, already + amount);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const refund = {
        id: `re_fake_${randomBytes(8).toString("hex")}`,
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: form.get("reason"),
        metadata,
        status: "succeeded",
        created: Math.floor(Date.now() / 1000),
      };
      if (key) refunds.set(key, refund);
      else refunds.set(refund.id, refund);
      return send(200, refund);
    }

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = idempotencyKey(req);
      const existing = key && byKey.get(key);
      if (existing) return send(200, sessions.get(existing));
      const form = new URLSearchParams(body);
      const piId = `pi_fake_${randomBytes(8).toString("hex")}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      intents.set(piId, {
        id: piId,
        object: "payment_intent",
        amount: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]") ?? "usd",
        status: "requires_payment_method",
        client_secret: `${piId}_secret_x`,
        metadata,
        description: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        customer: form.get("customer"),
        setup_future_usage: form.get("payment_intent_data[setup_future_usage]"),
        payment_method: null,
        next_action: null,
      });
      const id = `cs_test_${randomBytes(8).toString("hex")}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.test/pay/${id}`,
        client_reference_id: form.get("client_reference_id"),
        payment_intent: piId,
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
        status: "open",
      };
      sessions.set(id, session);
      if (key) byKey.set(key, id);
      return send(200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } });
      return send(200, session);
    }

    // Stripe Tax. The fake's jurisdictions: the UK 20% VAT; Germany 19% for a consumer; a business
    // in the EU with a VAT number: reverse charge; New York 8.875% sales tax; elsewhere nothing collected.
    if (req.method === "POST" && url.pathname === "/v1/tax/calculations") {
      const form = new URLSearchParams(body);
      const country = form.get("customer_details[address][country]") ?? "";
      const state = form.get("customer_details[address][state]");
      if (country === "US" && !form.get("customer_details[address][postal_code]")) {
        return send(400, {
          error: { type: "invalid_request_error", code: "customer_tax_location_invalid", message: "Unable to determine the customer's tax location." },
        });
      }
      const amount = Number(form.get("line_items[0][amount]"));
      const taxIdType = form.get("customer_details[tax_ids][0][type]");
      const [percent, reason, taxType] =
        taxIdType === "eu_vat" && country !== "GB"
          ? ["0.0", "reverse_charge", "vat"]
          : country === "GB"
            ? ["20.0", "standard_rated", "vat"]
            : country === "DE"
              ? ["19.0", "standard_rated", "vat"]
              : country === "US" && state === "NY"
                ? ["8.875", "standard_rated", "sales_tax"]
                : ["0.0", "not_collecting", null];
      const tax = Math.round((amount * Number(percent)) / 100);
      const id = `taxcalc_fake_${randomBytes(8).toString("hex")}`;
      const calculation = {
        id,
        object: "tax.calculation",
        amount_total: amount + tax,
        currency: form.get("currency") ?? "usd",
        tax_amount_exclusive: tax,
        tax_amount_inclusive: 0,
        tax_breakdown: [
          {
            amount: tax,
            inclusive: false,
            taxable_amount: reason === "standard_rated" ? amount : 0,
            taxability_reason: reason,
            tax_rate_details: { country, state: state ?? null, percentage_decimal: percent, tax_type: taxType, rate_type: "percentage", flat_amount: null },
          },
        ],
        customer_details: { address: { country }, tax_ids: taxIdType ? [{ type: taxIdType, value: form.get("customer_details[tax_ids][0][value]") }] : [] },
        line_items: { object: "list", data: [{ amount, reference: form.get("line_items[0][reference]"), tax_code: form.get("line_items[0][tax_code]") }] },
        livemode: false,
      };
      calculations.set(id, calculation);
      return send(200, calculation);
    }
    if (req.method === "POST" && (url.pathname === "/v1/tax/transactions/create_from_calculation" || url.pathname === "/v1/tax/transactions/create_reversal")) {
      const key = idempotencyKey(req);
      const replay = key && taxByKey.get(key);
      if (replay) return send(200, replay);
      const form = new URLSearchParams(body);
      const reference = form.get("reference") ?? "";
      if (taxReferences.has(reference)) {
        return send(400, { error: { type: "invalid_request_error", message: `A transaction with reference ${reference} already exists.` } });
      }
      let transaction;
      if (url.pathname.endsWith("create_from_calculation")) {
        const calculation = calculations.get(form.get("calculation") ?? "");
        if (!calculation) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such tax calculation" } });
        const line = calculation.line_items!.data[0]!;
        transaction = {
          id: `tax_fake_${randomBytes(8).toString("hex")}`,
          object: "tax.transaction",
          type: "transaction",
          reference,
          calculation: calculation.id,
          amount_total: calculation.amount_total,
          reversed: 0,
          reversal: null,
          line_items: [
            {
              id: `tax_li_fake_${randomBytes(6).toString("hex")}`,
              reference: line.reference,
              amount: line.amount,
              amount_tax: calculation.tax_amount_exclusive ?? 0,
            },
          ],
        };
      } else {
        const original = taxTransactions.get(form.get("original_transaction") ?? "");
        if (!original) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such tax transaction" } });
        // A partial reversal by a flat amount (spread over net and tax), or by line: its net and its tax named apart.
        const byLine = form.get("line_items[0][original_line_item]");
        if (byLine && !original.line_items?.some((item) => item.id === byLine)) {
          return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such line item on the transaction" } });
        }
        const lineAmounts = byLine ? { amount: Number(form.get("line_items[0][amount]")), amount_tax: Number(form.get("line_items[0][amount_tax]")) } : null;
        const amount =
          form.get("mode") === "full"
            ? original.amount_total - original.reversed
            : lineAmounts
              ? -(lineAmounts.amount + lineAmounts.amount_tax)
              : -Number(form.get("flat_amount"));
        if (!(amount > 0) || original.reversed + amount > original.amount_total) {
          return send(400, { error: { type: "invalid_request_error", message: "The reversal is more than what is left of the transaction." } });
        }
        original.reversed += amount;
        transaction = {
          id: `tax_fake_${randomBytes(8).toString("hex")}`,
          object: "tax.transaction",
          type: "reversal",
          reference,
          amount_total: -amount,
          reversed: 0,
          reversal: { original_transaction: original.id },
          line_items: lineAmounts ? [{ original_line_item: byLine, ...lineAmounts }] : null,
        };
      }
      taxReferences.add(reference);
      taxTransactions.set(transaction.id, transaction);
      if (key) taxByKey.set(key, transaction);
      return send(200, transaction);
    }
    const lineItems = /^\/v1\/tax\/transactions\/([^/]+)\/line_items$/.exec(url.pathname);
    if (req.method === "GET" && lineItems) {
      const transaction = taxTransactions.get(decodeURIComponent(lineItems[1]!));
      if (!transaction) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such tax transaction" } });
      return send(200, { object: "list", data: transaction.line_items ?? [], has_more: false, url: url.pathname });
    }
    if (req.method === "GET" && url.pathname === "/__test/tax") {
      return send(200, { calculations: calculations.size, transactions: [...taxTransactions.values()] });
    }

    // Connect: accounts, account links, transfers and reversals.
    if (req.method === "POST" && url.pathname === "/v1/accounts") {
      const key = idempotencyKey(req);
      const replay = key && connectByKey.get(key);
      if (replay) return send(200, replay);
      const form = new URLSearchParams(body);
      if (form.get("controller[losses][payments]") !== "application" || form.get("controller[stripe_dashboard][type]") !== "express") {
        return send(400, { error: { type: "invalid_request_error", message: "The fake expects Express accounts with the platform responsible for losses." } });
      }
      const account: FakeAccount = {
        id: `acct_fake_${randomBytes(8).toString("hex")}`,
        object: "account",
        country: form.get("country") ?? "US",
        email: form.get("email") ?? "",
        payouts_enabled: false,
        details_submitted: false,
        requirements: { currently_due: ["external_account", "individual.verification.document"], past_due: [], disabled_reason: "requirements.past_due" },
        tos_acceptance: { service_agreement: form.get("tos_acceptance[service_agreement]") ?? "full" },
        controller: { losses: { payments: "application" }, stripe_dashboard: { type: "express" } },
        metadata: formMetadata(form),
        default_currency: DEFAULT_CURRENCIES[form.get("country") ?? "US"] ?? "usd",
        balance: {},
      };
      accounts.set(account.id, account);
      if (key) connectByKey.set(key, publicAccount(account));
      return send(200, publicAccount(account));
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && accountMatch) {
      const account = accounts.get(decodeURIComponent(accountMatch[1]!));
      if (!account) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" } });
      return send(200, publicAccount(account));
    }
    if (req.method === "POST" && url.pathname === "/v1/account_links") {
      const form = new URLSearchParams(body);
      const account = accounts.get(form.get("account") ?? "");
      if (!account) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" } });
      if (!form.get("return_url") || !form.get("refresh_url"))
        return send(400, { error: { type: "invalid_request_error", message: "Missing return_url or refresh_url" } });
      return send(200, {
        object: "account_link",
        url: `https://connect.stripe.test/setup/e/${account.id}/${randomBytes(6).toString("hex")}`,
        expires_at: Math.floor(Date.now() / 1000) + 300,
        return_url: form.get("return_url"),
        refresh_url: form.get("refresh_url"),
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/transfers") {
      const key = idempotencyKey(req);
      const replay = key && connectByKey.get(key);
      if (replay) return send(200, replay);
      const form = new URLSearchParams(body);
      const account = accounts.get(form.get("destination") ?? "");
      if (!account || !account.payouts_enabled) {
        return send(400, { error: { type: "invalid_request_error", code: "account_invalid", message: "The destination account cannot receive transfers." } });
      }
      const currency = form.get("currency") ?? "usd";
      const transfer: FakeTransfer = {
        id: `tr_fake_${randomBytes(8).toString("hex")}`,
        object: "transfer",
        amount: Number(form.get("amount")),
        amount_reversed: 0,
        currency,
        destination: account.id,
        transfer_group: form.get("transfer_group"),
        metadata: formMetadata(form),
      };
      transfers.set(transfer.id, transfer);
      account.balance[currency] = (account.balance[currency] ?? 0) + transfer.amount;
      if (key) connectByKey.set(key, transfer);
      return send(200, transfer);
    }
    const reversalMatch = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(url.pathname);
    if (req.method === "POST" && reversalMatch) {
      const key = idempotencyKey(req);
      const replay = key && connectByKey.get(key);
      if (replay) return send(200, replay);
      const transfer = transfers.get(decodeURIComponent(reversalMatch[1]!));
      if (!transfer) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such transfer" } });
      const form = new URLSearchParams(body);
      const amount = form.has("amount") ? Number(form.get("amount")) : transfer.amount - transfer.amount_reversed;
      const account = accounts.get(transfer.destination)!;
      if (transfer.amount_reversed + amount > transfer.amount) {
        return send(400, { error: { type: "invalid_request_error", message: "The reversal is larger than what is left of the transfer." } });
      }
      if ((account.balance[transfer.currency] ?? 0) < amount) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "balance_insufficient",
            message: "Insufficient funds in the connected account to reverse this transfer.",
          },
        });
      }
      transfer.amount_reversed += amount;
      account.balance[transfer.currency] = (account.balance[transfer.currency] ?? 0) - amount;
      const reversal = {
        id: `trr_fake_${randomBytes(8).toString("hex")}`,
        object: "transfer_reversal",
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
      };
      if (key) connectByKey.set(key, reversal);
      return send(200, reversal);
    }
    // Test control: the creator finishes (or fails) onboarding; the account pays out its balance to its bank.
    const onboard = /^\/__test\/accounts\/([^/]+)\/(onboard|fail|payout)$/.exec(url.pathname);
    if (req.method === "POST" && onboard) {
      const account = accounts.get(decodeURIComponent(onboard[1]!));
      if (!account) return send(404, { error: "no such account" });
      if (onboard[2] === "onboard")
        Object.assign(account, { payouts_enabled: true, details_submitted: true, requirements: { currently_due: [], past_due: [], disabled_reason: null } });
      else if (onboard[2] === "fail")
        Object.assign(account, {
          details_submitted: true,
          requirements: { currently_due: [], past_due: ["individual.verification.document"], disabled_reason: "requirements.past_due" },
        });
      else account.balance = {};
      return send(200, publicAccount(account));
    }
    if (req.method === "GET" && url.pathname === "/__test/transfers") return send(200, { transfers: [...transfers.values()] });

    // Test control: what Stripe.js would do when the customer confirms a card.
    const control = /^\/__test\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === "POST" && control) {
      const intent = intents.get(decodeURIComponent(control[1]!));
      if (!intent) return send(404, { error: "no such intent" });
      const patch = JSON.parse(body || "{}") as { status?: string; error?: string; amount?: number; card?: string };
      // Stripe.js confirming with a card: with `setup_future_usage`, the card is kept for the intent's customer.
      if (patch.card && patch.status && patch.status !== "requires_payment_method") {
        const number = patch.card;
        const id = `pm_fake_${randomBytes(8).toString("hex")}`;
        const charges = number === "4000002760003184" ? "requires_action" : number === "4000000000000341" ? "declined" : "succeeded";
        methods.set(id, {
          id,
          object: "payment_method",
          type: "card",
          card: { brand: number.startsWith("4") ? "visa" : "mastercard", last4: number.slice(-4), exp_month: 12, exp_year: 2040 },
          customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
          charges,
        });
        intent.payment_method = id;
      }
      if (patch.status) intent.status = patch.status;
      if (patch.status === "succeeded") intent.next_action = null;
      if (patch.amount !== undefined) intent.amount = patch.amount;
      intent.last_payment_error = patch.error ? { message: patch.error, type: "card_error" } : null;
      return send(200, intent);
    }
    if (req.method === "GET" && url.pathname === "/__test/stats") return send(200, { creates, intents: intents.size, refunds: refunds.size, charges });

    send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake Stripe did not start");
  return { server, port: address.port };
}
