import { assertCurrentPassword } from "../auth/current-password";
import { clearSessionCookie } from "../auth/session";
import { conflict } from "../errors";
import { closeAccount } from "../domain/users/closure";
import { exportMyData } from "../domain/users/export";
import { contentDisposition } from "../domain/storage/files";
import { domainOf, requireUser } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";
import { myDataCalls } from "../contract/my-data";
import { loadStoreSettings } from "../domain/storesettings/settings";
import { storeDefaultsOf } from "../http/settings";

const exportData = route(myDataCalls["export-my-data"], {
  async handler(ctx) {
    const user = requireUser(ctx);
    const data = await exportMyData(
      { db: ctx.db, d1: ctx.env.DB },
      ctx.env.FILES,
      user.userId,
      ctx.sessionId,
      (await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env))).siteName,
    );
    // One file the browser saves: JSON, as the contract declares it, but as an attachment.
    return json(data, 200, { "content-disposition": contentDisposition(`my-data-${data.exportedAt.slice(0, 10)}.json`) });
  },
});

const closeOwnAccount = route(myDataCalls["close-account"], {
  async handler(ctx, { password }) {
    const user = requireUser(ctx);
    await assertCurrentPassword(ctx.db, user.userId, password, ctx.env.SESSION_PEPPER, "password");
    const account = await ctx.db
      .selectFrom("users")
      .select(["userId", "userEmail", "userRole", "userIsActive"])
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    await closeAccount(domainOf(ctx), ctx.env.FILES, account, {
      auditAction: "close-account",
      lastAdminError: () => conflict("lastAdminCannotClose", "last_admin"),
    });
    ctx.cookies.push(clearSessionCookie(ctx.secure));
    return json({ message: success(ctx, "accountClosed") });
  },
});

export const routes = [exportData, closeOwnAccount];
