import { z } from "zod";
import { scopeOf } from "../auth/ability";
import { changes, nowSeconds, runBatch } from "../db";
import { grantPayment } from "../domain/commerce/grant";
import { maskName, paymentView, PAYMENT_COLUMNS, type PaymentRow } from "../domain/commerce/lines";
import {
  paymentConditions,
  paymentListQueries,
  paymentWithUser,
  selectPayments,
  type PaymentWithUser,
} from "../domain/commerce/queries";
import { pageWindow, totalOf } from "../db/counts";
import { checkSignature } from "../domain/commerce/signature";
import { auditQuery, type Ctx } from "../http/context";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../errors";
import * as f from "../http/fields";
import { json, list } from "../http/respond";
import { route } from "../http/route";
import { formatMoney, mailTexts, renderAll, byLanguageSql } from "../domain/outbox/mails";
import { bodyLimitFor, deleteStored, serveAttachment, storeUpload } from "../domain/storage/files";

/** Reference ids are base64url of 18+ random bytes; anything else cannot exist. */
export const referenceId = () => f.text(100).pipe(z.string().regex(/^[A-Za-z0-9_-]{22,100}$/, "must be a payment reference"));

const STATUSES = ["pending", "awaiting_confirmation", "paid", "cancelled", "expired"] as const;
const OPEN = ["pending", "awaiting_confirmation"] as const;

async function findPayment(ctx: Ctx, ref: string): Promise<PaymentRow> {
  const payment = await ctx.db.selectFrom("payments").select(PAYMENT_COLUMNS).where("referenceId", "=", ref).executeTakeFirst();
  if (!payment) throw notFound("No such payment.");
  return payment;
}

/** Confirm, cancel and manual payments touch everyone's money: only for those who manage all payments. */
function requireAllPayments(ctx: Ctx) {
  if (scopeOf(ctx.ability, "update", "Payment") !== "all") throw forbidden("Only an administrator may do this.");
}

const paymentDetail = route({
  name: "payment-detail",
  access: "public",
  readsOnly: true,
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    const payment = await findPayment(ctx, input.referenceId);
    const owner = await ctx.db.selectFrom("users").select("userName").where("userId", "=", payment.userId).executeTakeFirst();
    // Anyone holding the link sees this: no user id, email or full name.
    const { userId: _userId, note: _note, ...visible } = paymentView(payment);
    return json({
      ...visible,
      payerName: maskName(owner?.userName ?? ""),
      bank: {
        name: ctx.env.BANK_NAME,
        accountName: ctx.env.BANK_ACCOUNT_NAME,
        accountNumber: ctx.env.BANK_ACCOUNT_NUMBER,
        logo: ctx.env.BANK_LOGO,
      },
    });
  },
});

const paymentProof = route({
  name: "payment-proof",
  access: "public",
  maxBody: bodyLimitFor("proof"),
  schema: z.object({ referenceId: referenceId(), file: f.file() }),
  async handler(ctx, input) {
    const payment = await findPayment(ctx, input.referenceId);
    if (!(OPEN as readonly string[]).includes(payment.status) || payment.expiresAt <= new Date().toISOString()) {
      throw conflict("This payment no longer takes a proof of transfer.", "payment_closed");
    }
    const stored = await storeUpload(ctx.env.FILES, input.file, "proof", "file");
    const now = new Date().toISOString();
    const notice = renderAll((language) =>
      mailTexts(language).proofNotice({
        site: ctx.env.SITE_NAME,
        referenceId: input.referenceId,
        amount: formatMoney(language, payment.amount, payment.currency),
        url: `${ctx.url.origin}/apps/invoice/preview/${input.referenceId}`,
      }),
    );
    const languages = [notice.en, notice.fr, notice.ar];
    const [, updated] = await runBatch(ctx.env.DB, [
      // One notice per active admin, on the first proof only: replacing a proof mails nobody, so the
      // public link cannot be used to flood the admins' inboxes. Runs first, while the status is still
      // pending; the update below then always succeeds in the same transaction.
      // Each admin reads it in their own stored language.
      ctx.env.DB.prepare(
        `INSERT INTO outbox (toEmail, mailKind, mailSubject, mailBody, mailHtml)
         SELECT userEmail, 'payment-proof', ${byLanguageSql("mailLanguage", 1)}, ${byLanguageSql("mailLanguage", 4)},
                ${byLanguageSql("mailLanguage", 7)} FROM users
         WHERE userRole = 'admin' AND userIsActive = 1 AND deletedAt IS NULL
           AND EXISTS (SELECT 1 FROM payments WHERE referenceId = ?10 AND status = 'pending')`,
      ).bind(
        ...languages.map((m) => m.subject),
        ...languages.map((m) => m.body),
        ...languages.map((m) => m.html),
        input.referenceId,
      ),
      ctx.db
        .updateTable("payments")
        .set({ status: "awaiting_confirmation", proofKey: stored.key, proofName: stored.name, updatedAt: now })
        .where("referenceId", "=", input.referenceId)
        .where("status", "in", OPEN),
    ]);
    if (changes(updated) === 0) {
      await deleteStored(ctx.env.FILES, stored.key);
      throw conflict("This payment no longer takes a proof of transfer.", "payment_closed");
    }
    if (payment.proofKey) ctx.exec.waitUntil(deleteStored(ctx.env.FILES, payment.proofKey));
    return json({
      message: "Thank you. Your proof of transfer was received and will be checked shortly.",
      status: "awaiting_confirmation",
    });
  },
});

const confirmPayment = route({
  name: "confirm-payment",
  access: ["update", "Payment"],
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    const outcome = await grantPayment(ctx, { referenceId: input.referenceId, auditAction: "confirm-payment" });
    if (outcome === "already_paid") throw conflict("This payment is already paid.", "already_paid");
    if (outcome === "not_payable") throw conflict("Only a pending payment can be confirmed.", "not_payable");
    return json({ message: "Payment confirmed. Points and subscriptions were granted." });
  },
});

const cancelPayment = route({
  name: "cancel-payment",
  access: ["update", "Payment"],
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    await findPayment(ctx, input.referenceId);
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("payments")
        .set({ status: "cancelled", updatedAt: new Date().toISOString() })
        .where("referenceId", "=", input.referenceId)
        .where("status", "in", OPEN),
      auditQuery(ctx, { action: "cancel-payment", subject: "Payment", subjectId: input.referenceId }),
    ]);
    if (changes(updated) === 0) throw conflict("Only a pending payment can be cancelled.", "not_cancellable");
    return json({ message: "Payment cancelled." });
  },
});

const paymentWebhook = route({
  name: "payment-webhook",
  access: "public",
  schema: z.object({ referenceId: referenceId(), status: f.text(40), amount: f.int(0, Number.MAX_SAFE_INTEGER) }),
  async handler(ctx, input) {
    const problem = await checkSignature(
      ctx.request.headers.get("x-signature"),
      ctx.rawBody,
      ctx.env.WEBHOOK_SECRET,
      nowSeconds(),
    );
    if (problem) throw new HttpError(401, "invalid_signature", `The signature is not valid (${problem}).`);
    const payment = await findPayment(ctx, input.referenceId);
    if (input.status !== "paid") return json({ message: "Noted; only paid events change a payment." });
    if (payment.amount !== input.amount) {
      throw badRequest("The amount does not match the payment.", "amount_mismatch", "amount");
    }
    const outcome = await grantPayment(ctx, { referenceId: input.referenceId, method: "gateway", amount: input.amount });
    if (outcome === "not_payable") throw conflict("This payment is no longer open.", "not_payable");
    // A replay of an event already applied is answered as success, so the gateway stops retrying.
    return json({ message: outcome === "granted" ? "Payment recorded." : "Payment was already recorded." });
  },
});

const listSchema = z.object({
  search: f.search(),
  status: z.enum(STATUSES).optional(),
  userId: f.id().optional(),
  ...f.paging(10),
});

const searchPayment = route({
  name: "search-payment",
  access: ["read", "Payment"],
  schema: listSchema,
  async handler(ctx, input) {
    const queries = paymentListQueries(ctx, input, pageWindow(input.page, input.limit));
    const [rows, total] = await runBatch(ctx.env.DB, [queries.page, queries.total]);
    const data = (rows!.results as unknown as PaymentWithUser[]).map(paymentWithUser);
    return list(data, totalOf(total), input.page, input.limit);
  },
});

/** A cell that a spreadsheet must not run as a formula, quoted for CSV. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const EXPORT_MAX_ROWS = 10_000;

const exportPayment = route({
  name: "export-payment",
  access: ["read", "Payment"],
  schema: listSchema.omit({ page: true, limit: true }),
  async handler(ctx, input) {
    const rows = (await selectPayments(ctx, paymentConditions(ctx, input)).limit(EXPORT_MAX_ROWS).execute()) as PaymentWithUser[];
    const header = [
      "invoiceNumber",
      "referenceId",
      "userName",
      "userEmail",
      "amount",
      "currency",
      "status",
      "method",
      "createdAt",
      "paidAt",
      "lines",
    ];
    const lines = rows.map((p) =>
      [
        p.invoiceNumber,
        p.referenceId,
        p.userName,
        p.userEmail,
        p.amount,
        p.currency,
        p.status,
        p.method,
        p.createdAt,
        p.paidAt,
        paymentView(p)
          .lines.map((l) => `${l.qty} x ${l.name}`)
          .join("; "),
      ]
        .map(csvCell)
        .join(","),
    );
    return new Response([header.join(","), ...lines].join("\r\n") + "\r\n", {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  },
});

const downloadProof = route({
  name: "download-proof",
  access: ["update", "Payment"],
  schema: z.object({ referenceId: referenceId() }),
  async handler(ctx, input) {
    requireAllPayments(ctx);
    const payment = await ctx.db
      .selectFrom("payments")
      .select(["proofKey", "proofName"])
      .where("referenceId", "=", input.referenceId)
      .executeTakeFirst();
    const file = payment?.proofKey ? await serveAttachment(ctx.env.FILES, payment.proofKey, payment.proofName ?? "proof") : null;
    if (!file) throw notFound("This payment has no proof of transfer.");
    return file;
  },
});

export const paymentsRoutes = [
  downloadProof,
  paymentDetail,
  paymentProof,
  confirmPayment,
  cancelPayment,
  paymentWebhook,
  searchPayment,
  exportPayment,
];
