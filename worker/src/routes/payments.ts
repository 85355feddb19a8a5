import { sql } from "kysely";
import { changes, nowSeconds, runBatch } from "../db";
import { listPage } from "../db/list";
import { audit } from "../domain/audit";
import { grantPayment } from "../domain/payments/grant";
import { paymentView, PAYMENT_COLUMNS, publicPaymentView, type PaymentRow } from "../domain/payments/lines";
import {
  paymentConditions,
  paymentList,
  paymentReader,
  paymentWithUser,
  requireAllPayments,
  selectPayments,
  type PaymentWithUser,
} from "../domain/payments/queries";
import { cardPayable } from "../domain/stripe/card";
import { creditNotesByPayment } from "../domain/refunds/credit-notes";
import { checkSignature } from "../domain/stripe/signature";
import { domainOf, portalOf, requireUser, type Ctx } from "../http/context";
import { badRequest, conflict, HttpError, msg, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { storeDefaultsOf, stripeOf, mailQueueOf } from "../http/settings";
import { bankOfSettings, loadStoreSettings, sellerBlockOf } from "../domain/storesettings/settings";
import { formatMoney, mailTexts, renderAll, byLanguageSql } from "../domain/outbox/mails";
import { deleteStored, serveAttachment, storeUpload } from "../domain/storage/files";
import { commerceCalls } from "../contract/commerce";
import { dispatchSoon } from "../domain/outbox/dispatch";
import { savedPortal } from "../domain/mailtemplates/portal";
import { emitSoon } from "../domain/webhooks/events";
import { webhookSinkOf } from "../http/webhooks";

const OPEN = ["pending", "awaiting_confirmation"] as const;

async function findPayment(ctx: Ctx, ref: string): Promise<PaymentRow> {
  const payment = await ctx.db.selectFrom("payments").select(PAYMENT_COLUMNS).where("referenceId", "=", ref).executeTakeFirst();
  if (!payment) throw notFound("noSuchPayment");
  return payment;
}

/** The store settings in force for this call (wrangler.toml's vars under what an admin saved). */
const settingsOf = (ctx: Ctx) => loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env));

/** What a grant needs of the settings: the receipt's signature and the seller the invoice keeps. */
async function issuing(ctx: Ctx) {
  const settings = await settingsOf(ctx);
  return { portal: await savedPortal(ctx.db, portalOf(ctx, settings.siteName)), seller: sellerBlockOf(settings) };
}

const paymentDetail = route(commerceCalls["payment-detail"], {
  async handler(ctx, input) {
    const payment = await findPayment(ctx, input.referenceId);
    // The buyer as frozen at checkout: a closed account's paid payment still shows whose it was.
    const owner = await ctx.db
      .selectFrom("payments as p")
      .innerJoin("users as u", "u.userId", "p.userId")
      .select(sql<string>`coalesce(json_extract(p.buyerJson, '$.name'), u.userName)`.as("userName"))
      .where("p.referenceId", "=", payment.referenceId)
      .executeTakeFirst();
    return json(
      publicPaymentView(payment, owner?.userName ?? "", {
        // The bank an admin saved last, even on a payment made before: it is where the transfer goes now.
        bank: bankOfSettings(await settingsOf(ctx)),
        payByCard: cardPayable(stripeOf(ctx.env), payment),
      }),
    );
  },
});

const paymentProof = route(commerceCalls["payment-proof"], {
  async handler(ctx, input) {
    const payment = await findPayment(ctx, input.referenceId);
    if (!(OPEN as readonly string[]).includes(payment.status) || payment.expiresAt <= new Date().toISOString()) {
      throw conflict("paymentClosed", "payment_closed");
    }
    const stored = await storeUpload(ctx.env.FILES, input.file, "proof", "file");
    const now = new Date().toISOString();
    const portal = await savedPortal(ctx.db, portalOf(ctx, (await settingsOf(ctx)).siteName));
    const notice = renderAll((language) =>
      mailTexts(language, portal.mailTemplates).proofNotice({
        site: portal.siteName,
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
      throw conflict("paymentClosed", "payment_closed");
    }
    if (payment.proofKey) ctx.exec.waitUntil(deleteStored(ctx.env.FILES, payment.proofKey));
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    return json({
      message: success(ctx, "proofReceived"),
      status: "awaiting_confirmation",
    });
  },
});

const confirmPayment = route(commerceCalls["confirm-payment"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const outcome = await grantPayment(domainOf(ctx), {
      referenceId: input.referenceId,
      auditAction: "confirm-payment",
      ...(await issuing(ctx)),
    });
    if (outcome === "already_paid") throw conflict("alreadyPaid", "already_paid");
    if (outcome === "not_payable") throw conflict("onlyPendingConfirmed", "not_payable");
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    emitSoon(ctx.exec, webhookSinkOf(ctx), "payment.confirmed", input.referenceId);
    return json({ message: success(ctx, "paymentConfirmed") });
  },
});

const cancelPayment = route(commerceCalls["cancel-payment"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    await findPayment(ctx, input.referenceId);
    const [updated] = await runBatch(ctx.env.DB, [
      ctx.db
        .updateTable("payments")
        .set({ status: "cancelled", updatedAt: new Date().toISOString() })
        .where("referenceId", "=", input.referenceId)
        .where("status", "in", OPEN),
      audit(domainOf(ctx), { action: "cancel-payment", subject: "Payment", subjectId: input.referenceId }),
    ]);
    if (changes(updated) === 0) throw conflict("onlyPendingCancelled", "not_cancellable");
    return json({ message: success(ctx, "paymentCancelled") });
  },
});

const paymentWebhook = route(commerceCalls["payment-webhook"], {
  async handler(ctx, input) {
    const problem = await checkSignature(
      ctx.request.headers.get("x-signature"),
      ctx.rawBody,
      ctx.env.WEBHOOK_SECRET,
      nowSeconds(),
    );
    if (problem) throw new HttpError(401, "invalid_signature", msg("invalidSignature", { problem }));
    const payment = await findPayment(ctx, input.referenceId);
    if (input.status !== "paid") return json({ message: success(ctx, "onlyPaidEventsCount") });
    if (payment.amount !== input.amount) {
      throw badRequest("amountMismatch", "amount_mismatch", "amount");
    }
    const outcome = await grantPayment(domainOf(ctx), {
      referenceId: input.referenceId,
      method: "gateway",
      amount: input.amount,
      ...(await issuing(ctx)),
    });
    if (outcome === "not_payable") throw conflict("paymentNotOpen", "not_payable");
    dispatchSoon(ctx.exec, mailQueueOf(ctx.env), ctx.db);
    if (outcome === "granted") emitSoon(ctx.exec, webhookSinkOf(ctx), "payment.confirmed", input.referenceId);
    // A replay of an event already applied is answered as success, so the gateway stops retrying.
    return json({ message: success(ctx, outcome === "granted" ? "paymentRecorded" : "paymentAlreadyRecorded") });
  },
});

const searchPayment = route(commerceCalls["search-payment"], {
  async handler(ctx, input) {
    const reader = paymentReader(ctx.ability, requireUser(ctx).userId);
    const { query, ...options } = paymentList(ctx.db, reader, input);
    const page = await listPage<PaymentWithUser>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(paymentWithUser), page, input.page, input.limit);
  },
});

/** A cell that a spreadsheet must not run as a formula, quoted for CSV. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const EXPORT_MAX_ROWS = 10_000;

const exportPayment = route(commerceCalls["export-payment"], {
  async handler(ctx, input) {
    const where = paymentConditions(paymentReader(ctx.ability, requireUser(ctx).userId), input);
    const [rows, notes] = await Promise.all([
      selectPayments(ctx.db, where).limit(EXPORT_MAX_ROWS).execute() as Promise<PaymentWithUser[]>,
      creditNotesByPayment(ctx.db),
    ]);
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
      "refundedAmount",
      "creditNotes",
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
        p.refundedAmount,
        notes.get(p.referenceId) ?? "",
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

const downloadProof = route(commerceCalls["download-proof"], {
  async handler(ctx, input) {
    requireAllPayments(ctx.ability);
    const payment = await ctx.db
      .selectFrom("payments")
      .select(["proofKey", "proofName"])
      .where("referenceId", "=", input.referenceId)
      .executeTakeFirst();
    const file = payment?.proofKey ? await serveAttachment(ctx.env.FILES, payment.proofKey, payment.proofName ?? "proof") : null;
    if (!file) throw notFound("noProof");
    return file;
  },
});

export const routes = [
  downloadProof,
  paymentDetail,
  paymentProof,
  confirmPayment,
  cancelPayment,
  paymentWebhook,
  searchPayment,
  exportPayment,
];
