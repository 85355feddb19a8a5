import { commerceCalls } from "../contract/commerce";
import { runBatch } from "../db";
import { attentionQueries, refundView, type RefundRow } from "../domain/commerce/attention";
import { paymentReader, paymentWithUser, type PaymentWithUser } from "../domain/commerce/queries";
import { forbidden } from "../errors";
import { requireUser } from "../http/context";
import { json } from "../http/respond";
import { route } from "../http/route";

/** What waits for an admin above the payments list: proofs to check, card charges to refund (issue 30). */
const paymentAttention = route(commerceCalls["payment-attention"], {
  async handler(ctx) {
    if (paymentReader(ctx.ability, requireUser(ctx).userId).scope !== "all") throw forbidden("adminOnly");
    const [awaiting, total, refunds] = await runBatch(ctx.env.DB, [...attentionQueries(ctx.db)]);
    return json({
      awaiting: (awaiting!.results as unknown as PaymentWithUser[]).map(paymentWithUser),
      awaitingTotal: (total!.results[0] as { total: number }).total,
      refunds: (refunds!.results as unknown as RefundRow[]).map(refundView),
    });
  },
});

export const paymentAttentionRoutes = [paymentAttention];
