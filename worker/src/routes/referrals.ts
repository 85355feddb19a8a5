import type { ListRowOf } from "../contract";
import { referralCalls } from "../contract/referrals";
import { listPage } from "../db/list";
import { forbidden } from "../errors";
import { referralCodeOf, tieReferral } from "../domain/referrals/codes";
import { referralList, referralStanding } from "../domain/referrals/list";
import { requireUser } from "../http/context";
import { referralRewardsOf } from "../http/referral-rewards";
import { storeDefaultsOf } from "../http/settings";
import { loadStoreSettings } from "../domain/storesettings/settings";
import { json, list } from "../http/respond";
import { route } from "../http/route";

const myReferral = route(referralCalls["my-referral"], {
  async handler(ctx, input) {
    const user = requireUser(ctx);
    if (input.referralCode !== undefined) {
      // A read that ties the caller to a referrer when given a code: a view-as (read-only) must not.
      if (ctx.viewAs) throw forbidden("viewAsReadOnly", "view_as_read_only");
      await tieReferral(
        ctx.db,
        user.userId,
        input.referralCode,
        referralRewardsOf(await loadStoreSettings(ctx.db, storeDefaultsOf(ctx.env))),
      );
    }
    const code = await referralCodeOf(ctx.db, user.userId);
    const standing = await referralStanding(ctx.db, user.userId);
    return json({ code, link: `${ctx.url.origin}/register?ref=${code}`, ...standing });
  },
});

const searchReferral = route(referralCalls["search-referral"], {
  async handler(ctx, input) {
    const { query, ...options } = referralList(ctx.db, input.search);
    const page = await listPage<ListRowOf<"search-referral">>(ctx.db, query, { ...options, window: input });
    return list(page.rows, page, input.page, input.limit);
  },
});

export const routes = [myReferral, searchReferral];
