import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { RefundStatus, StandInCharge, StandInRefund } from "../support/stripe-refunds";
import { call, createAdmin, createBundle, createItem, createUser, type TestUser } from "./helpers";
import { openSession, postEvent, stripeEnv } from "./stripe-support";

/** A client's payment paid by transfer and confirmed by an admin: `points` of a bundle at 10 a point, or an item. */
export async function paidTransfer(opts: { points?: number; itemDays?: number; client?: TestUser } = {}) {
  const client = opts.client ?? (await createUser());
  const admin = await createAdmin();
  const order = opts.itemDays
    ? { kind: "item", refId: await createItem({ price: 3000, days: opts.itemDays }) }
    : { kind: "bundle", refId: (await createBundle({ points: opts.points ?? 100, ppp: 10 })).bundleId };
  const checkout = await call("checkout", order, { cookie: client.cookie });
  if (checkout.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(checkout.body)}`);
  const { referenceId, amount } = checkout.body;
  const confirmed = await call("confirm-payment", { referenceId }, { cookie: admin.cookie });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  return { client, admin, referenceId: referenceId as string, amount: amount as number };
}

/** A client's bundle of `points` paid by card through the stand-in and settled by Stripe's event. */
export async function paidCard(points = 100) {
  const { client, referenceId, amount, session } = await openSession(points, true);
  const settled = await postEvent("checkout.session.completed", session);
  if (settled.status !== 200) throw new Error(`card settle failed: ${JSON.stringify(settled.body)}`);
  return { client, admin: await createAdmin(), referenceId, amount, paymentIntent: session.payment_intent! };
}

/** refund-payment as an admin, with card payments on (the stand-in). */
export const refund = (admin: TestUser, body: Record<string, unknown>) =>
  call("refund-payment", body, { cookie: admin.cookie, env: stripeEnv() });

const standIn = () => inject("stripeApiBase");

/** The next refund Stripe makes of this PaymentIntent gets `status` (or is refused with a 400). */
export async function nextRefund(paymentIntent: string, status: RefundStatus | "refuse") {
  const body = status === "refuse" ? { paymentIntent, refuse: true } : { paymentIntent, status };
  await fetch(`${standIn()}/__stand-in/refunds/next`, { method: "POST", body: JSON.stringify(body) });
}

/** A refund made in Stripe's dashboard: the Refund and the Charge its events carry. */
export async function dashboardRefund(paymentIntent: string, amount: number) {
  const res = await fetch(`${standIn()}/__stand-in/dashboard-refund`, {
    method: "POST",
    body: JSON.stringify({ paymentIntent, amount }),
  });
  return (await res.json()) as { refund: StandInRefund; charge: StandInCharge };
}

/** Moves a refund on at the stand-in (Stripe's side: succeeded, failed…) and answers it. */
export async function setRefund(id: string, patch: Partial<StandInRefund>) {
  const res = await fetch(`${standIn()}/__stand-in/refunds/${id}`, { method: "POST", body: JSON.stringify(patch) });
  return (await res.json()) as StandInRefund;
}

export const refundRequests = async (paymentIntent: string) =>
  (
    (await (await fetch(`${standIn()}/__stand-in/requests`)).json()) as Array<{
      method: string;
      path: string;
      idempotencyKey: string | null;
      form: Record<string, string>;
    }>
  ).filter((r) => r.path === "/v1/refunds" && r.form.payment_intent === paymentIntent);

export interface PaymentMoney {
  status: string;
  refundedAmount: number;
  refundPending: number;
}

export const paymentMoney = async (referenceId: string) =>
  (await env.DB.prepare("SELECT status, refundedAmount, refundPending FROM payments WHERE referenceId = ?1")
    .bind(referenceId)
    .first<PaymentMoney>())!;

export const refundsOf = async (referenceId: string) =>
  (
    await env.DB.prepare(
      "SELECT status, amount, creditNoteNumber, stripeRefundId, pointsWanted, pointsReclaimed, subscriptionsEnded FROM refunds WHERE referenceId = ?1 ORDER BY refundId",
    )
      .bind(referenceId)
      .all<{
        status: string;
        amount: number;
        creditNoteNumber: number | null;
        stripeRefundId: string | null;
        pointsWanted: number;
        pointsReclaimed: number;
        subscriptionsEnded: number;
      }>()
  ).results;

export const creditNoteCounter = async () =>
  (await env.DB.prepare("SELECT counterValue FROM counters WHERE counterName = 'credit-note'").first<{ counterValue: number }>())!
    .counterValue;

export const creditNoteMails = async (email: string) =>
  (
    await env.DB.prepare("SELECT mailSubject, attachment FROM outbox WHERE mailKind = 'credit-note' AND toEmail = ?1")
      .bind(email)
      .all<{
        mailSubject: string;
        attachment: string;
      }>()
  ).results;

export const auditDetails = async (referenceId: string, action: string) =>
  (
    await env.DB.prepare("SELECT actorEmail, detail FROM audit_log WHERE subjectId = ?1 AND action = ?2 ORDER BY auditId")
      .bind(referenceId, action)
      .all<{
        actorEmail: string;
        detail: string;
      }>()
  ).results.map((row) => ({ actorEmail: row.actorEmail, ...(JSON.parse(row.detail) as Record<string, unknown>) }));
