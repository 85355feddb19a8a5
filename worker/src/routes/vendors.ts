import { seal } from "../auth/secretbox";
import { changes, nowIso, runBatch } from "../db";
import { listPage } from "../db/list";
import { selectVendors, toVendor, vendorList, type VendorRow } from "../domain/catalogue/vendors";
import { audit, insertedRowId, oneRowChanged } from "../domain/audit";
import { badRequest, conflict, notFound, requiredField } from "../errors";
import { domainOf, type Ctx } from "../http/context";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import { LOGIN_METHODS, vendorCalls } from "../contract/vendors";

const searchVendor = route(vendorCalls.searchvendor, {
  async handler(ctx, input) {
    const { query, ...options } = vendorList(ctx.db, {
      search: input.search,
      siteId: input.selectedVendor,
      status: input.selectedStatus,
    });
    const page = await listPage<VendorRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toVendor), page, input.page, input.limit);
  },
});

type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * The login method a body without `loginMethod` means (the original client never sends it): the
 * credentials sent say it, else an update keeps the stored one. Neither on a new account, or both
 * kinds of credentials at once, is a 400 on loginMethod.
 */
function inferLoginMethod(
  input: { vendorValue?: string | undefined; vendorEmail?: string | undefined; vendorPassword?: string | undefined },
  stored: LoginMethod | undefined,
): LoginMethod {
  const cookie = input.vendorValue !== undefined;
  const email = input.vendorEmail !== undefined || input.vendorPassword !== undefined;
  if (cookie && email) throw badRequest("vendorLoginAmbiguous", "ambiguous_login_method", "loginMethod");
  if (cookie) return "cookie";
  if (email) return "email";
  if (stored) return stored;
  throw badRequest("vendorCredentialsMissing", "missing_credentials", "loginMethod");
}

const updateVendor = route(vendorCalls.updatevendor, {
  async handler(ctx, input) {
    const existing = input.vendorId
      ? ((await ctx.db
          .selectFrom("vendor_accounts")
          .select(["vendorId", "loginMethod", "vendorEmail", "vendorSecret"])
          .where("vendorId", "=", input.vendorId)
          .executeTakeFirst()) ?? null)
      : null;
    if (input.vendorId && !existing) throw notFound("noSuchVendor");
    const site = await ctx.db.selectFrom("sites").select("siteId").where("siteId", "=", input.vendorSiteID).executeTakeFirst();
    if (!site) throw badRequest("unknownSite", "unknown_site", "vendorSiteID");

    const loginMethod = input.loginMethod ?? inferLoginMethod(input, existing?.loginMethod);
    // Only the chosen method's credentials are kept; the other method's fields are ignored.
    const cookie = loginMethod === "cookie";
    // An email login's address, like its secret, stays when an update leaves it out.
    const vendorEmail = input.vendorEmail ?? (existing?.loginMethod === "email" ? existing.vendorEmail : undefined);
    if (!cookie && !vendorEmail) throw requiredField("vendorEmail");
    const secret = cookie ? input.vendorValue : input.vendorPassword;
    // A stored secret belongs to the method it was made for: a new account or a switch needs a new one.
    const keepsSecret = existing !== null && existing.loginMethod === loginMethod && existing.vendorSecret !== null;
    if (secret === undefined && !keepsSecret) throw requiredField(cookie ? "vendorValue" : "vendorPassword");
    // The jobs engineer's agents decrypt exactly this shape.
    const sealed =
      secret === undefined
        ? undefined
        : await seal(JSON.stringify(cookie ? { vendorValue: secret } : { vendorPassword: secret }), ctx.env.VENDOR_SECRET_KEYS);
    const fields = {
      vendorSiteID: input.vendorSiteID,
      vendorName: input.vendorName,
      loginMethod,
      vendorEmail: cookie ? "" : vendorEmail!,
      vendorIsActive: input.vendorIsActive ? 1 : 0,
      ...(sealed ? { vendorSecret: sealed } : {}),
    };
    // What changed, never the secret itself.
    const detail = {
      vendorName: input.vendorName,
      vendorSiteID: input.vendorSiteID,
      loginMethod,
      vendorIsActive: input.vendorIsActive,
      secretChanged: sealed !== undefined,
    };
    let vendorId: number;
    if (!existing) {
      const [created] = await runBatch<{ vendorId: number }>(ctx.env.DB, [
        ctx.db.insertInto("vendor_accounts").values(fields).returning("vendorId"),
        audit(domainOf(ctx), { action: "create-vendor", subject: "Vendor", subjectId: insertedRowId, detail }, oneRowChanged),
      ]);
      vendorId = created!.results[0]!.vendorId;
    } else {
      vendorId = existing.vendorId;
      const [updated] = await runBatch(ctx.env.DB, [
        ctx.db
          .updateTable("vendor_accounts")
          .set({ ...fields, updatedAt: nowIso() })
          .where("vendorId", "=", vendorId),
        audit(domainOf(ctx), { action: "update-vendor", subject: "Vendor", subjectId: vendorId, detail }, oneRowChanged),
      ]);
      if (changes(updated) === 0) throw notFound("noSuchVendor");
    }
    const vendor = await selectVendors(ctx.db).where("v.vendorId", "=", vendorId).executeTakeFirstOrThrow();
    return json({
      message: success(ctx, existing ? "vendorUpdated" : "vendorCreated"),
      vendor: toVendor(vendor),
    });
  },
});

const deleteVendor = route(vendorCalls.deletevendor, {
  async handler(ctx: Ctx, { vendorId }) {
    const vendor = await ctx.db
      .selectFrom("vendor_accounts")
      .select(["vendorId", "vendorName"])
      .where("vendorId", "=", vendorId)
      .executeTakeFirst();
    if (!vendor) throw notFound("noSuchVendor");
    const d1 = ctx.env.DB;
    // A queued job waits for this account's credentials; history keeps its snapshot names.
    const [deleted] = await runBatch(d1, [
      d1
        .prepare(
          "DELETE FROM vendor_accounts WHERE vendorId = ?1 AND NOT EXISTS (SELECT 1 FROM history WHERE vendorId = ?1 AND status = 0)",
        )
        .bind(vendorId),
      audit(
        domainOf(ctx),
        {
          action: "delete-vendor",
          subject: "Vendor",
          subjectId: vendorId,
          detail: { vendorName: vendor.vendorName },
        },
        oneRowChanged,
      ),
    ]);
    if (changes(deleted) === 0) {
      const still = await ctx.db
        .selectFrom("vendor_accounts")
        .select("vendorId")
        .where("vendorId", "=", vendorId)
        .executeTakeFirst();
      if (!still) throw notFound("noSuchVendor");
      throw conflict("vendorHasQueuedJobs", "vendor_has_queued_jobs");
    }
    return json({ message: success(ctx, "vendorDeleted") });
  },
});

export const routes = [searchVendor, updateVendor, deleteVendor];
