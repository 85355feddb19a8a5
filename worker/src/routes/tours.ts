import { tourCalls } from "../contract/tours";
import { forgetSeen, markSeen, seenRow, tourView } from "../domain/tours/seen";
import { requireUser } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";

/** The first sign-in tour (issue 43, decision 0021): the caller's own state, for the role they have now. */
const tourState = route(tourCalls["tour-state"], {
  async handler(ctx) {
    const user = requireUser(ctx);
    const row = await seenRow(ctx.db, user.userId, user.userRole).executeTakeFirst();
    return json(tourView(user.userRole, row));
  },
});

const updateTour = route(tourCalls["update-tour"], {
  async handler(ctx, { seen }) {
    const user = requireUser(ctx);
    if (!seen) {
      await forgetSeen(ctx.db, user.userId, user.userRole).execute();
      return json({ message: success(ctx, "tourForgotten"), tour: tourView(user.userRole, undefined) });
    }
    const row = await markSeen(ctx.db, user.userId, user.userRole).executeTakeFirstOrThrow();
    return json({ message: success(ctx, "tourSeen"), tour: tourView(user.userRole, row) });
  },
});

export const routes = [tourState, updateTour];
