import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { currentTotp } from "../../worker/src/auth/totp";
import {
  call,
  callForm,
  createAdmin,
  createBundle,
  createItem,
  createJobSite,
  createUser,
  pdfFile,
  quotaAndLedger,
} from "./helpers";

// Each case first makes a client who used everything (a dozen calls, three PBKDF2 sign-ins).
vi.setConfig({ testTimeout: 30_000 });

/** A PNG's signature and then bytes of this test's own: an avatar no other user shares (images are content-addressed). */
const uniquePng = () =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...crypto.getRandomValues(new Uint8Array(32))])],
    "me.png",
    {
      type: "image/png",
    },
  );

/** What identifies the person: none of it may stay anywhere once the account is closed. */
interface Identity {
  name: string;
  company: string;
  email: string;
  phone: string;
  street: string;
  documentName: string;
}

/**
 * A client who used everything the portal keeps data about: an address and an avatar, two-factor with
 * recovery codes, a paid invoice (checkout, then an admin's confirmation), a paid invoice from before
 * buyers were frozen into payments, an open payment with a proof of transfer, a finished job with a
 * report and a queued one, an admin's quota adjustment, a failed sign-in, mails in the outbox.
 */
async function richClient() {
  const tag = crypto.randomUUID().slice(0, 8);
  const identity: Identity = {
    name: `Zyxa Quellmorrow ${tag}`,
    company: `Quellmorrow Studio ${tag}`,
    email: "",
    phone: `+33 6 ${tag}`,
    street: `${tag} Rue des Essais`,
    documentName: `thesis-${tag}.pdf`,
  };
  const admin = await createAdmin();
  const client = await createUser({ name: identity.name });
  identity.email = client.email;
  const profile = await callForm(
    "updateuser",
    {
      userId: String(client.userId),
      userName: identity.name,
      userEmail: client.email,
      userPhone: identity.phone,
      userAddressLine1: identity.street,
      userCity: "Lyon",
      userImageNew: uniquePng(),
    },
    { cookie: client.cookie },
  );
  expect(profile.status).toBe(200);
  const avatarKey = (profile.body.newImage as string).slice(1);

  const setup = await call("two-factor-setup", {}, { cookie: client.cookie });
  const secret = setup.body.secret as string;
  const enabled = await call("two-factor-enable", { code: currentTotp(secret) }, { cookie: client.cookie });
  expect(enabled.status).toBe(200);

  const billing = { billingCompany: identity.company, billingVatNumber: "DE123456789" };
  expect((await call("update-billing-details", billing, { cookie: client.cookie })).status).toBe(200);

  // Three invoices: checkout then an admin's confirmation, and an admin's manual payment, each with the buyer
  // frozen in; and one as frozen before buyers were (issue 26), which closing the account must freeze.
  const bundle = await createBundle({ points: 40 });
  const paid = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
  expect((await call("confirm-payment", { referenceId: paid.body.referenceId }, { cookie: admin.cookie })).status).toBe(200);
  const item = await createItem({ name: `Plan ${tag}` });
  const older = await call("checkout", { kind: "item", refId: item }, { cookie: client.cookie });
  expect((await call("confirm-payment", { referenceId: older.body.referenceId }, { cookie: admin.cookie })).status).toBe(200);
  await env.DB.prepare("UPDATE payments SET buyerJson = NULL WHERE referenceId = ?1").bind(older.body.referenceId).run();
  const manual = await call(
    "add-payment",
    { userId: client.userId, lines: [{ kind: "bundle", refId: bundle.bundleId, qty: 1 }] },
    { cookie: admin.cookie },
  );
  expect(manual.status).toBe(200);
  // A partial refund of a transfer: a credit note.
  const refund = await call(
    "refund-payment",
    { referenceId: paid.body.referenceId, amount: 100, reason: "goodwill" },
    { cookie: admin.cookie },
  );
  expect(refund.status).toBe(200);
  // As frozen before issue 25: the buyer without the email.
  await env.DB.prepare("UPDATE payments SET buyerJson = json_remove(buyerJson, '$.email') WHERE referenceId = ?1")
    .bind(manual.body.payment.referenceId)
    .run();
  const open = await call("checkout", { kind: "bundle", refId: bundle.bundleId }, { cookie: client.cookie });
  const proof = await callForm("payment-proof", { referenceId: open.body.referenceId, file: pdfFile(`proof-${tag}.pdf`) });
  expect(proof.status).toBe(200);

  const site = await createJobSite({ price: 5 });
  const done = await callForm(
    "submit-job",
    { siteId: String(site.siteId), file: pdfFile(identity.documentName) },
    { cookie: client.cookie },
  );
  expect(done.status).toBe(200);
  const finished = await callForm(
    "update-history",
    { uniqueId: done.body.history.fileData.uniqueId, status: "1", similarity: "12", report: pdfFile(`report-${tag}.pdf`) },
    { cookie: admin.cookie },
  );
  expect(finished.status).toBe(200);
  const queued = await callForm(
    "submit-job",
    { siteId: String(site.siteId), file: pdfFile(`draft-${tag}.pdf`) },
    { cookie: client.cookie },
  );
  expect(queued.status).toBe(200);

  expect(
    (await call("adjust-quota", { userId: client.userId, delta: 3, reason: "goodwill" }, { cookie: admin.cookie })).status,
  ).toBe(200);
  expect((await call("login", { email: client.email, password: "not-the-password" })).status).toBe(401);
  expect((await call("resend-verification", {}, { cookie: client.cookie })).status).toBe(200);

  const files = await env.DB.prepare(
    `SELECT fileKey AS key FROM history WHERE userId = ?1 UNION ALL SELECT reportKey FROM history WHERE userId = ?1 AND reportKey IS NOT NULL
     UNION ALL SELECT proofKey FROM payments WHERE userId = ?1 AND proofKey IS NOT NULL`,
  )
    .bind(client.userId)
    .all<{ key: string }>();
  return {
    admin,
    client,
    identity,
    secret,
    recoveryCodes: enabled.body.recoveryCodes as string[],
    invoices: [paid.body.referenceId as string, older.body.referenceId as string, manual.body.payment.referenceId as string],
    openPayment: open.body.referenceId as string,
    files: [...files.results.map((r) => r.key), avatarKey],
    vendorSecrets: site.vendors.map((v) => v.secret),
  };
}

/** Every "table.column" in D1 (FTS shadow tables aside: the FTS tables are searched instead) holding one of `needles`. */
async function whereFound(needles: string[]): Promise<string[]> {
  const tables = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name NOT LIKE '%_fts%' AND name <> 'd1_migrations'`,
  ).all<{ name: string }>();
  const found = new Set<string>();
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows.results) {
      for (const [column, value] of Object.entries(row)) {
        const text = String(value).toLowerCase();
        if (needles.some((needle) => text.includes(needle.toLowerCase()))) found.add(`${name}.${column}`);
      }
    }
  }
  return [...found].sort();
}

async function ftsMatches(table: string, text: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?1`)
    .bind(`"${text}"`)
    .first<{ n: number }>();
  return row!.n;
}

/** The keys (at any depth) of an exported document. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

describe("export-my-data", () => {
  it("answers one JSON attachment with the caller's data and no secret of any kind", async () => {
    const { client, identity, secret, recoveryCodes, invoices, vendorSecrets } = await richClient();
    const res = await call("export-my-data", {}, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/);
    const data = res.body;
    expect(data.profile).toMatchObject({
      userId: client.userId,
      userName: identity.name,
      userEmail: identity.email,
      userPhone: identity.phone,
      userAddressLine1: identity.street,
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect(data.payments.map((p: { referenceId: string }) => p.referenceId)).toEqual(expect.arrayContaining(invoices));
    expect(data.payments.filter((p: { invoiceNumber: number | null }) => p.invoiceNumber !== null)).toHaveLength(3);
    expect(data.ledger.map((l: { reason: string }) => l.reason)).toEqual(expect.arrayContaining(["grant", "spend", "adjust"]));
    expect(data.creditNotes).toEqual([expect.objectContaining({ referenceId: invoices[0], amount: 100, reason: "goodwill" })]);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.jobs.map((j: { fileName: string }) => j.fileName)).toContain(identity.documentName);
    expect(data.jobs[0]).not.toHaveProperty("vendorName");
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const actions = data.audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["login", "two-factor-enable", "adjust-quota"]));
    // What an admin did to the account shows, without the admin's address or IP.
    const adjusted = data.audit.find((a: { action: string }) => a.action === "adjust-quota");
    expect(adjusted).toMatchObject({ byYou: false, ip: "", detail: { delta: 3, reason: "goodwill" } });
    const notified = await env.DB.prepare("SELECT notificationId FROM notifications WHERE userId = ?1 ORDER BY notificationId")
      .bind(client.userId)
      .all<{ notificationId: number }>();
    expect(notified.results.length).toBeGreaterThan(0);
    expect(data.notifications.map((n: { notificationId: number }) => n.notificationId)).toEqual(
      notified.results.map((n) => n.notificationId),
    );
    expect(data.notifications[0].title).not.toBe("");

    const keys = keysOf(data);
    expect(keys.filter((key) => /^(password|vendor.*|claimed.*)$|hash|salt|secret|token/i.test(key))).toEqual([]);
    const stored = await env.DB.prepare(`SELECT passwordHash, passwordSalt, twoFactorSecret FROM users WHERE userId = ?1`)
      .bind(client.userId)
      .first<Record<string, string>>();
    const secrets = [
      ...Object.values(stored!),
      secret,
      ...recoveryCodes,
      ...vendorSecrets,
      client.cookie.slice("sid=".length),
      ...(
        await env.DB.prepare(
          "SELECT tokenHash AS v FROM sessions WHERE userId = ?1 UNION ALL SELECT codeHash FROM recovery_codes WHERE userId = ?1 UNION ALL SELECT tokenHash FROM auth_tokens WHERE userId = ?1",
        )
          .bind(client.userId)
          .all<{ v: string }>()
      ).results.map((r) => r.v),
    ];
    const text = JSON.stringify(data);
    expect(secrets.length).toBeGreaterThan(20);
    expect(secrets.filter((value) => text.includes(value))).toEqual([]);
  });

  it("is the caller's own: another user's export holds none of it", async () => {
    const { identity } = await richClient();
    const other = await createUser();
    const res = await call("export-my-data", {}, { cookie: other.cookie });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(identity.email);
    expect(res.body.payments).toEqual([]);
  });
});

describe("close-account", () => {
  it("ends every session and erases the person from every table and R2, keeping invoices and the ledger", async () => {
    const { admin, client, identity, invoices, openPayment, files } = await richClient();
    const second = await call("login", { email: client.email, password: client.password });
    expect(second.body.twoFactorRequired).toBe(true);
    for (const key of files) expect(await env.FILES.head(key), key).not.toBeNull();
    const ledgerBefore = await quotaAndLedger(client.userId);
    const queuedMails = () =>
      env.DB.prepare("SELECT mailKind FROM outbox WHERE toEmail = ?1 AND status = 'queued'").bind(client.email).all();
    expect((await queuedMails()).results).not.toEqual([]);

    const wrong = await call("close-account", { password: "not-the-password" }, { cookie: client.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "wrong_password", field: "password" });
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(200);

    const closed = await call("close-account", { password: client.password }, { cookie: client.cookie });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe("Your account is closed and your personal data erased.");
    expect(closed.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE userId = ?1")
      .bind(client.userId)
      .first<{ n: number }>();
    expect(sessions!.n).toBe(0);
    // Its open payment is cancelled, so a later confirmation grants nothing; its queued mail is withdrawn (issue 30).
    const open = await env.DB.prepare("SELECT status FROM payments WHERE referenceId = ?1").bind(openPayment).first();
    expect(open).toEqual({ status: "cancelled" });
    expect((await call("confirm-payment", { referenceId: openPayment }, { cookie: admin.cookie })).status).toBe(409);
    expect((await queuedMails()).results).toEqual([]);

    // Only the invoices still name the buyer, as issued; nothing else anywhere, FTS indexes included.
    expect(await whereFound(Object.values(identity))).toEqual(["payments.buyerJson"]);
    const buyers = await env.DB.prepare(
      "SELECT referenceId, invoiceNumber, buyerJson FROM payments WHERE userId = ?1 ORDER BY paymentId",
    )
      .bind(client.userId)
      .all<{ referenceId: string; invoiceNumber: number | null; buyerJson: string | null }>();
    for (const referenceId of invoices) {
      const frozen = JSON.parse(buyers.results.find((p) => p.referenceId === referenceId)!.buyerJson!);
      expect(frozen).toMatchObject({
        name: identity.name,
        email: identity.email,
        company: identity.company,
        vatNumber: "DE123456789",
      });
      expect(frozen.address).toContain(identity.street);
    }
    expect(buyers.results.find((p) => p.referenceId === openPayment)).toEqual({
      referenceId: openPayment,
      invoiceNumber: null,
      buyerJson: null,
    });
    expect(await ftsMatches("users_fts", identity.email)).toBe(0);
    expect(await ftsMatches("users_fts", identity.name)).toBe(0);
    expect(await ftsMatches("history_fts", identity.documentName)).toBe(0);
    expect(await ftsMatches("audit_log_fts", identity.email)).toBe(0);
    for (const key of files) expect(await env.FILES.head(key), key).toBeNull();

    // The books: every invoice reads as issued for the admin; the ledger and balance still agree.
    for (const referenceId of invoices) {
      const invoice = await call("invoice-detail", { referenceId }, { cookie: admin.cookie });
      expect(invoice.status).toBe(200);
      expect(invoice.body.payment).toMatchObject({ userName: identity.name, userEmail: identity.email });
      expect(invoice.body.payment.paidAt).not.toBeNull();
      expect(invoice.body.payment.invoiceNumber).toBeGreaterThan(0);
    }
    const after = await quotaAndLedger(client.userId);
    expect(after.userQuota).toBe(after.ledger);
    // The queued job failed and gave its points back, as any failed job does.
    expect(after.ledger).toBe(ledgerBefore.ledger + 5);
    const jobs = await env.DB.prepare("SELECT status, fileKey, reportKey FROM history WHERE userId = ?1 ORDER BY historyId")
      .bind(client.userId)
      .all();
    expect(jobs.results).toEqual([
      { status: 1, fileKey: "", reportKey: null },
      { status: 2, fileKey: "", reportKey: null },
    ]);
    const audit = await env.DB.prepare(
      "SELECT actorId, actorEmail, ip FROM audit_log WHERE action = 'close-account' AND subjectId = ?1",
    )
      .bind(String(client.userId))
      .all();
    expect(audit.results).toEqual([{ actorId: client.userId, actorEmail: "", ip: "" }]);

    // Signing in fails like an unknown address (which leaves its failure rows, as any typed address does).
    const signIn = await call("login", { email: client.email, password: client.password });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error).toBe("The email or password is incorrect.");

    // The address is free: the same person can register again, as a new account.
    const again = await call("register", { userName: "Back Again", userEmail: client.email, password: "another-pass-1" });
    expect(again.status).toBe(200);
    expect(again.body.userData.userId).not.toBe(client.userId);
  });

  it("takes the same path for an admin's deleteuser", async () => {
    const { admin, client, identity, invoices, files } = await richClient();
    expect((await call("deleteuser", { userId: client.userId }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("me", {}, { cookie: client.cookie })).status).toBe(401);
    expect(await whereFound(Object.values(identity))).toEqual(["payments.buyerJson"]);
    for (const key of files) expect(await env.FILES.head(key), key).toBeNull();
    const invoice = await call("invoice-detail", { referenceId: invoices[0] }, { cookie: admin.cookie });
    expect(invoice.body.payment).toMatchObject({ userName: identity.name, status: "partially_refunded" });
    const audit = await env.DB.prepare("SELECT actorId, detail FROM audit_log WHERE action = 'delete-user' AND subjectId = ?1")
      .bind(String(client.userId))
      .all();
    expect(audit.results).toEqual([{ actorId: admin.userId, detail: "{}" }]);
    // send-invoice has no address to default to any more: the admin names one.
    const send = await call("send-invoice", { referenceId: invoices[0] }, { cookie: admin.cookie });
    expect(send.status).toBe(400);
    expect(send.body).toMatchObject({ code: "required", field: "to" });
  });

  it("keeps an avatar another user shows too", async () => {
    const picture = uniquePng();
    const first = await createUser();
    const second = await createUser();
    for (const user of [first, second]) {
      const res = await callForm(
        "updateuser",
        { userId: String(user.userId), userName: "Same Picture", userEmail: user.email, userImageNew: picture },
        { cookie: user.cookie },
      );
      expect(res.status).toBe(200);
    }
    const image = await env.DB.prepare("SELECT userImage AS key FROM users WHERE userId = ?1")
      .bind(first.userId)
      .first<{ key: string }>();
    expect((await call("close-account", { password: first.password }, { cookie: first.cookie })).status).toBe(200);
    expect(await env.FILES.head(image!.key)).not.toBeNull();
  });

  it("refuses the last active admin and changes nothing; with another admin, an admin may close their account", async () => {
    const admin = await createAdmin();
    await env.DB.prepare("UPDATE users SET userIsActive = 0 WHERE userRole = 'admin' AND userId <> ?1").bind(admin.userId).run();
    const refused = await call("close-account", { password: admin.password }, { cookie: admin.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "You are the last active admin: make another user an admin before closing your account.",
      code: "last_admin",
    });
    expect((await call("me", {}, { cookie: admin.cookie })).body.userData.userEmail).toBe(admin.email);

    await createAdmin();
    expect((await call("close-account", { password: admin.password }, { cookie: admin.cookie })).status).toBe(200);
    expect((await call("me", {}, { cookie: admin.cookie })).status).toBe(401);
  });
});
