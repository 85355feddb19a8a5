import { listPage } from "../db/list";
import { customerPage, toCustomer } from "../domain/store/customers";
import { orderEventList, toOrderEvent, type OrderEventRow } from "../domain/store/order-events";
import { productList, toProduct, type ProductRow } from "../domain/store/products";
import { storePeriod, storeFigures } from "../domain/store/stats";
import { json, list } from "../http/respond";
import { route } from "../http/route";
import { storeCalls } from "../contract/store";

/** The store's back office (issue 41): its products, customers and figures, for staff (`read Sales`). */

const searchProduct = route(storeCalls["search-product"], {
  async handler(ctx, input) {
    const { query, ...options } = productList(ctx.db, input);
    const page = await listPage<ProductRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toProduct), page, input.page, input.limit);
  },
});

const searchCustomer = route(storeCalls["search-customer"], {
  async handler(ctx, input) {
    const page = await customerPage(ctx.db, input, input);
    return list(page.rows.map(toCustomer), page, input.page, input.limit);
  },
});

const searchOrderEvent = route(storeCalls["search-order-event"], {
  async handler(ctx, input) {
    const { query, ...options } = orderEventList(ctx.db, input.referenceId);
    const page = await listPage<OrderEventRow>(ctx.db, query, { ...options, window: input });
    return list(page.rows.map(toOrderEvent), page, input.page, input.limit);
  },
});

const storeStats = route(storeCalls["store-stats"], {
  async handler(ctx, { range, end }) {
    const p = storePeriod(range, end, new Date());
    const figures = await storeFigures(ctx.env.DB, p);
    return json({
      range,
      from: p.days[0]!,
      to: p.days[p.days.length - 1]!,
      days: p.days,
      currency: ctx.env.CURRENCY,
      ...figures,
    });
  },
});

export const routes = [searchProduct, searchCustomer, searchOrderEvent, storeStats];
