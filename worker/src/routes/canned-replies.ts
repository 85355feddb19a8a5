import { cannedReplyCalls } from "../contract/canned-replies";
import { cannedReplies, deleteCannedReply, saveCannedReply } from "../domain/support/canned";
import { domainOf } from "../http/context";
import { json, success } from "../http/respond";
import { route } from "../http/route";

/** Staff's canned replies (decision 0030): the access (`manage Ticket`) keeps clients out of all three. */

const searchCannedReply = route(cannedReplyCalls["search-canned-reply"], {
  async handler(ctx, input) {
    return json({ cannedReplies: await cannedReplies(ctx.db, input.language).execute() });
  },
});

const saveCannedReplyCall = route(cannedReplyCalls["save-canned-reply"], {
  async handler(ctx, input) {
    const cannedReply = await saveCannedReply(domainOf(ctx), input);
    return json({ message: success(ctx, input.cannedReplyId ? "cannedReplySaved" : "cannedReplyAdded"), cannedReply });
  },
});

const deleteCannedReplyCall = route(cannedReplyCalls["delete-canned-reply"], {
  async handler(ctx, input) {
    await deleteCannedReply(domainOf(ctx), input.cannedReplyId);
    return json({ message: success(ctx, "cannedReplyDeleted") });
  },
});

export const routes = [searchCannedReply, saveCannedReplyCall, deleteCannedReplyCall];
