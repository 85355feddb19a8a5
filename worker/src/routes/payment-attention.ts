import { commerceCalls } from "../contract/commerce";
import { listPage } from "../db/list";
import { attentionList, refundView, type RefundRow } from "../domain/payments/attention";
import { paymentReader, paymentWithUser, type PaymentWithUser } from "../domain/payments/queries";
import { forbidden } from "../errors";
import { requireUser } from "../http/context";
import { json } from "../http/respond";
import { route } from "../http/route";

/** What waits for an admin above the payments list: proofs to check, card charges to refund (issue 30). */
const paymentAttention = route(commerceCalls["payment-attention"], {
  async handler(ctx) {
    if (paymentReader(ctx.ability, requireUser(ctx).userId).scope !== "all") throw forbidden("adminOnly");
    const { query, ...options } = attentionList(ctx.db);
    const awaiting = await listPage<PaymentWithUser>(ctx.db, query, options);
    return json({
      awaiting: awaiting.rows.map(paymentWithUser),
      awaitingTotal: awaiting.total,
      refunds: (awaiting.with[0] as unknown as RefundRow[]).map(refundView),
    });
  },
});

export const routes = [paymentAttention];
