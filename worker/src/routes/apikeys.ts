import { newApiKey } from "../auth/apikey";
import { nowIso, runBatch } from "../db";
import { abortUnlessChanged, runGuardedBatch } from "../db/guard";
import { listPage } from "../db/list";
import { apiKeyList, KEY_COLUMNS } from "../domain/admin/api-keys";
import { audit, insertedRowId } from "../domain/audit";
import { actorOf, domainOf } from "../http/context";
import { conflict, notFound } from "../errors";
import { json, list, success } from "../http/respond";
import { route } from "../http/route";
import type { ListRowOf } from "../contract";
import { adminCalls } from "../contract/admin";

const searchApiKey = route(adminCalls["search-apikey"], {
  async handler(ctx, input) {
    const { query, ...options } = apiKeyList(ctx.db);
    const page = await listPage<ListRowOf<"search-apikey">>(ctx.db, query, { ...options, window: input });
    return list(page.rows, page, input.page, input.limit);
  },
});

const createApiKey = route(adminCalls["create-apikey"], {
  async handler(ctx, { keyName }) {
    const { key, keyPrefix, keyHash } = await newApiKey();
    const [created] = await runBatch<{ apiKeyId: number }>(ctx.env.DB, [
      ctx.db
        .insertInto("api_keys")
        .values({ keyName, keyPrefix, keyHash, createdBy: actorOf(ctx).userId })
        .returning("apiKeyId"),
      audit(domainOf(ctx), {
        action: "create-apikey",
        subject: "ApiKey",
        subjectId: insertedRowId,
        // The prefix tells keys apart; the key itself is never stored or logged.
        detail: { keyName, keyPrefix },
      }),
    ]);
    const apiKey = await ctx.db
      .selectFrom("api_keys as k")
      .select([...KEY_COLUMNS])
      .where("k.apiKeyId", "=", created!.results[0]!.apiKeyId)
      .executeTakeFirstOrThrow();
    return json({ message: success(ctx, "apiKeyCreated"), key, apiKey });
  },
});

const revokeApiKey = route(adminCalls["revoke-apikey"], {
  async handler(ctx, { apiKeyId }) {
    const found = await ctx.db.selectFrom("api_keys").select(["revokedAt"]).where("apiKeyId", "=", apiKeyId).executeTakeFirst();
    if (!found) throw notFound("noSuchApiKey");
    if (found.revokedAt) throw conflict("apiKeyRevoked", "already_revoked");
    // Once: of requests racing past the read above, only the first revokes (and writes the audit row).
    await runGuardedBatch(
      ctx.env.DB,
      [
        ctx.db
          .updateTable("api_keys")
          .set({ revokedAt: nowIso() })
          .where("apiKeyId", "=", apiKeyId)
          .where("revokedAt", "is", null),
        abortUnlessChanged(ctx.env.DB),
        audit(domainOf(ctx), { action: "revoke-apikey", subject: "ApiKey", subjectId: apiKeyId }),
      ],
      () => conflict("apiKeyRevoked", "already_revoked"),
    );
    return json({ message: success(ctx, "apiKeyRevokedNow") });
  },
});

export const routes = [searchApiKey, createApiKey, revokeApiKey];
