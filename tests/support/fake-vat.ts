/**
 * Local fakes of the two VAT number services, for their adapters' tests
 * (app/domain/money/vat-numbers.server.ts), on one port:
 * - VIES's REST service under `/vies`: `POST /vies/check-vat-number` answers `valid` for the numbers
 *   below (with a request identifier when a requester is named), `valid: false` for any other, and
 *   for DE811907980 the error VIES gives when a member state's service is down (MS_UNAVAILABLE).
 * - HMRC's API under `/hmrc`: `POST /hmrc/oauth/token` (client credentials: `fake-hmrc-id` /
 *   `fake-hmrc-secret`, scope `read:vat`), and `GET /hmrc/organisations/vat/check-vat-number/lookup/{vrn}[/{requester}]`
 *   with the token and the v2.0 Accept header: 200 for GB648068064 (a consultation number when a
 *   requester is named), 404 for any other; 503 for 999999973 (HMRC down).
 * `GET /_calls` counts the lookups each service answered.
 */
import { createServer, type Server } from "node:http";
import { readBody } from "./http";

export const FAKE_HMRC_CLIENT = { id: "fake-hmrc-id", secret: "fake-hmrc-secret" };
const TOKEN = "fake-hmrc-token";

const VIES_KNOWN: Record<string, { name: string; address: string }> = {
  DE206600480: { name: "NORTHLIGHT FILMS GMBH", address: "TORSTRASSE 1\n10119 BERLIN" },
  FR26604020880: { name: "ATELIER LUMIERE SAS", address: "12 RUE DE LA PAIX\n75002 PARIS" },
};

export async function startFakeVat(): Promise<{ server: Server; port: number }> {
  const calls = { vies: 0, hmrc: 0 };
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      if (req.method === "GET" && url.pathname === "/_calls") return send(200, calls);
      if (req.method === "POST" && url.pathname === "/vies/check-vat-number") {
        calls.vies++;
        const body = JSON.parse(await readBody(req)) as {
          countryCode?: string;
          vatNumber?: string;
          requesterMemberStateCode?: string;
          requesterNumber?: string;
        };
        const number = `${body.countryCode ?? ""}${body.vatNumber ?? ""}`;
        if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(number)) return send(400, { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] });
        if (number === "DE811907980") return send(500, { actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] });
        const known = VIES_KNOWN[number];
        const requestIdentifier = body.requesterNumber ? `WAPIAAAAY${calls.vies.toString().padStart(6, "0")}` : "";
        return send(200, {
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate: new Date().toISOString(),
          valid: Boolean(known),
          requestIdentifier,
          name: known?.name ?? "---",
          address: known?.address ?? "---",
        });
      }
      if (req.method === "POST" && url.pathname === "/hmrc/oauth/token") {
        const form = new URLSearchParams(await readBody(req));
        const ok =
          form.get("grant_type") === "client_credentials" &&
          form.get("client_id") === FAKE_HMRC_CLIENT.id &&
          form.get("client_secret") === FAKE_HMRC_CLIENT.secret &&
          form.get("scope") === "read:vat";
        return ok ? send(200, { access_token: TOKEN, token_type: "bearer", expires_in: 14400, scope: "read:vat" }) : send(401, { error: "invalid_client" });
      }
      const lookup = /^\/hmrc\/organisations\/vat\/check-vat-number\/lookup\/(\w+)(?:\/(\w+))?$/.exec(url.pathname);
      if (req.method === "GET" && lookup) {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { code: "MISSING_CREDENTIALS" });
        if (req.headers.accept !== "application/vnd.hmrc.2.0+json") return send(406, { code: "ACCEPT_HEADER_INVALID" });
        calls.hmrc++;
        const [, target, requester] = lookup;
        if (target === "999999973") return send(503, { code: "SERVER_ERROR" });
        if (target !== "648068064") return send(404, { code: "NOT_FOUND", message: "targetVrn does not match a registered company" });
        return send(200, {
          target: {
            name: "Brightline Pictures Ltd",
            vatNumber: target,
            address: { line1: "1 Market Street", line2: "Manchester", postcode: "M1 1AA", countryCode: "GB" },
          },
          ...(requester ? { requester, consultationNumber: "ABC-DEF-GHI" } : {}),
          processingDate: new Date().toISOString(),
        });
      }
      return send(404, { message: "Not found" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Never keeps the test process alive.
  server.unref();
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}
