import { parseUsageHeader } from "../../worker/src/db/usage";
import { json, submitJobBody, type Body } from "./calls";
import { signIn } from "./load";
import type { FlowResult } from "./report";
import type { SeedContext } from "./seed-bulk";

/**
 * What a user's work costs D1 in rows written (decision 0002): a job (submitted, claimed by an agent,
 * finished), a sale (register, a product in the cart, checkout, the admin's confirmation: DESIGN.md's
 * "register → confirm"; `register` answers with the buyer's session, so a buyer signs in no second time)
 * and generated coupons (per coupon: a batch of 101 less a batch of 1, so the batch's own audit row
 * is not spread over its coupons). Each call's figures are those its answer reports (the D1 meter);
 * sessions are fresh and the agent's key already in use, so no once-a-minute touch falls in a flow.
 */

interface Caller {
  cookie?: string;
  bearer?: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string | null;
  rowsWritten: number;
  rowsRead: number;
}

async function send(baseUrl: string, call: string, body: Body, who: Caller = {}): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": body.contentType };
  if (who.cookie) headers.cookie = who.cookie;
  if (who.bearer) headers.authorization = `Bearer ${who.bearer}`;
  const res = await fetch(`${baseUrl}/api/${call}`, { method: "POST", headers, body: body.payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${call}: ${res.status} ${text.slice(0, 200)}`);
  const usage = parseUsageHeader(res.headers.get("server-timing"));
  if (!usage) throw new Error(`${call}: the answer carries no D1 usage (is D1_METER on?)`);
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0] ?? null;
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, cookie, ...usage };
}

/** A multipart body of text fields. */
function form(fields: Record<string, string>): Body {
  const boundary = "----bench-flow-5c1e";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: `${parts.join("")}--${boundary}--\r\n` };
}

/** The rows of a flow's answers, summed. */
function flow(name: string, budget: FlowResult["budget"], answers: Answer[]): FlowResult {
  return {
    flow: name,
    budget,
    rowsWritten: answers.reduce((sum, a) => sum + a.rowsWritten, 0),
    rowsRead: answers.reduce((sum, a) => sum + a.rowsRead, 0),
  };
}

type Who = { email: string; password: string };

/** The three flows, each as one user makes it, on the bench's portal. */
export async function measureFlows(baseUrl: string, ctx: SeedContext, admin: Who, client: Who): Promise<FlowResult[]> {
  const adminCookie = (await signIn(baseUrl, admin)).cookie;
  const site = ctx.sites[0]!;
  const bundle = ctx.bundles[0]!;
  const results: FlowResult[] = [];
  const attempt = async (name: string, budget: FlowResult["budget"], run: () => Promise<FlowResult>) => {
    try {
      results.push(await run());
    } catch (error) {
      results.push({ flow: name, budget, rowsWritten: 0, rowsRead: 0, error: (error as Error).message });
    }
  };

  await attempt("job: submit + claim + finish", "job", async () => {
    const created = await send(baseUrl, "create-apikey", json({ keyName: "Bench agent" }), { cookie: adminCookie });
    const agent = { bearer: created.body.key as string };
    // An agent polls: its key is in use before the flow.
    await send(baseUrl, "claim-jobs", json({ limit: 1, siteId: 999_999_999 }), agent);
    const owner = { cookie: (await signIn(baseUrl, client)).cookie };
    const submitted = await send(baseUrl, "submit-job", submitJobBody(site.siteId), owner);
    const claimed = await send(baseUrl, "claim-jobs", json({ limit: 1, siteId: site.siteId }), agent);
    const job = (claimed.body.jobs as Array<{ uniqueId: string }>)[0];
    if (!job) throw new Error("claim-jobs took no job");
    const finished = await send(
      baseUrl,
      "update-history",
      form({ uniqueId: job.uniqueId, status: "1", similarity: "20" }),
      agent,
    );
    return flow("job: submit + claim + finish", "job", [submitted, claimed, finished]);
  });

  await attempt("sale: register → confirm", "sale", async () => {
    const buyer = { email: `bench-buyer-${Date.now().toString(36)}@bench.test`, password: "Bench-buyer-2026" };
    const registered = await send(
      baseUrl,
      "register",
      json({ userName: "Bench Buyer", userEmail: buyer.email, password: buyer.password, userPhone: "" }),
    );
    if (!registered.cookie) throw new Error("register answered with no session");
    const session = { cookie: registered.cookie };
    const cart = await send(baseUrl, "updatecart", json({ kind: "bundle", refId: bundle.bundleId, qty: 1 }), session);
    const checkout = await send(baseUrl, "checkout", json({}), session);
    const confirmAdmin = { cookie: (await signIn(baseUrl, admin)).cookie };
    const confirmed = await send(baseUrl, "confirm-payment", json({ referenceId: checkout.body.referenceId }), confirmAdmin);
    return flow("sale: register → confirm", "sale", [registered, cart, checkout, confirmed]);
  });

  await attempt("generate-coupons, per coupon", "coupon", async () => {
    const batch = async (couponCount: number) =>
      send(
        baseUrl,
        "generate-coupons",
        json({ couponQuota: 5, couponExpired: "2999-12-31", couponCount, couponPrefix: "FLOW" }),
        { cookie: adminCookie },
      );
    const one = await batch(1);
    const many = await batch(101);
    return {
      flow: "generate-coupons, per coupon",
      budget: "coupon",
      rowsWritten: (many.rowsWritten - one.rowsWritten) / 100,
      rowsRead: (many.rowsRead - one.rowsRead) / 100,
    };
  });
  return results;
}
