import { listPage } from "../db/list";
import { auditList } from "../domain/admin/audit-log";
import { list } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchAudit = route(adminCalls["search-audit"], {
  async handler(ctx, input) {
    const { query, ...options } = auditList(ctx.db, input);
    type StoredRow = Omit<ListRowOf<"search-audit">, "detail"> & { detail: string };
    const page = await listPage<StoredRow>(ctx.db, query, { ...options, window: input });
    const data = page.rows.map((r) => ({ ...r, detail: parseDetail(r.detail) }));
    return list(data, page, input.page, input.limit);
  },
});

function parseDetail(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export const routes = [searchAudit];
