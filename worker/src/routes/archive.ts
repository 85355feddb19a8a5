import { searchArchive } from "../domain/archive/search";
import { json } from "../http/respond";
import { route } from "../http/route";
import { archiveCalls } from "../contract/archive";

/** Staff search of a month the retention moved to R2 (decision 0025). */
const searchArchived = route(archiveCalls["search-archive"], {
  async handler(ctx, { table, month, q, after }) {
    return json(await searchArchive(ctx.env.DB, ctx.env.FILES, { table, month, text: q, after }));
  },
});

export const routes = [searchArchived];
