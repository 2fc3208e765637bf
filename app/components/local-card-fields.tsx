/**
 * The local gateway's card fields (number, expiry, CVC) and its test cards: posted to our own server
 * as `card_number`, `card_expiry` and `card_cvc`, so a form with them works without JavaScript. Only
 * the local gateway takes card numbers; with Stripe, Stripe.js takes them.
 */
const input =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

export function LocalCardFields() {
  return (
    <>
      <p className="text-xs text-slate-500">
        Test mode: no real card is charged. Use 4242 4242 4242 4242 (success), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (authentication), any
        future expiry date and any CVC.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_6rem]">
        <div>
          <label htmlFor="card_number" className="text-sm font-medium text-slate-800">
            Card number
          </label>
          <input
            id="card_number"
            name="card_number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            required
            className={input}
          />
        </div>
        <div>
          <label htmlFor="card_expiry" className="text-sm font-medium text-slate-800">
            Expiry
          </label>
          <input id="card_expiry" name="card_expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" maxLength={7} required className={input} />
        </div>
        <div>
          <label htmlFor="card_cvc" className="text-sm font-medium text-slate-800">
            CVC
          </label>
          <input id="card_cvc" name="card_cvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} required className={input} />
        </div>
      </div>
    </>
  );
}
