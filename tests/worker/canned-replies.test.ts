import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createAdmin, createUser } from "./helpers";

/** Staff's canned replies (issue 39, decision 0030): CRUD for whoever may manage tickets, nothing for clients. */

const french = `language=${encodeURIComponent(JSON.stringify("fr"))}`;
const desk = () => createUser({ role: "support", name: "Desk Dana" });
const count = async () => Number(await env.DB.prepare("SELECT count(*) AS n FROM canned_replies").first("n"));

describe("canned replies", () => {
  it("are added, listed by language, changed and deleted by staff, sanitised", async () => {
    const dana = await desk();
    const added = await call(
      "save-canned-reply",
      { language: "en", name: "Transfer received", body: '<p>We got it <img src=x onerror="alert(1)"></p>' },
      { cookie: dana.cookie },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.message).toBe("Canned reply added.");
    expect(added.body.cannedReply).toMatchObject({ language: "en", name: "Transfer received", body: "<p>We got it </p>" });
    const id = added.body.cannedReply.cannedReplyId as number;
    await call("save-canned-reply", { language: "fr", name: "Virement reçu", body: "<p>Bien reçu</p>" }, { cookie: dana.cookie });

    const english = await call("search-canned-reply", { language: "en" }, { cookie: dana.cookie });
    expect(english.body.cannedReplies.map((c: { name: string }) => c.name)).toEqual(["Transfer received"]);
    const all = await call("search-canned-reply", {}, { cookie: (await createAdmin()).cookie });
    expect(all.body.cannedReplies.map((c: { language: string }) => c.language).sort()).toEqual(["en", "fr"]);

    const changed = await call(
      "save-canned-reply",
      { cannedReplyId: id, language: "en", name: "Transfer confirmed", body: "<p>Confirmed</p>" },
      { cookie: dana.cookie },
    );
    expect(changed.body).toMatchObject({
      message: "Canned reply saved.",
      cannedReply: { cannedReplyId: id, name: "Transfer confirmed" },
    });

    const deleted = await call("delete-canned-reply", { cannedReplyId: id }, { cookie: `${dana.cookie}; ${french}` });
    expect(deleted.body.message).toBe("Réponse type supprimée.");
    const again = await call("delete-canned-reply", { cannedReplyId: id }, { cookie: `${dana.cookie}; ${french}` });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Cette réponse type n’existe pas.", code: "not_found" });
  });

  it("writes an audit row for each add, change and delete by its author, none for a refused one", async () => {
    const dana = await desk();
    const added = await call("save-canned-reply", { language: "en", name: "Audited", body: "<p>a</p>" }, { cookie: dana.cookie });
    const id = added.body.cannedReply.cannedReplyId as number;
    await call(
      "save-canned-reply",
      { cannedReplyId: id, language: "en", name: "Audited", body: "<p>b</p>" },
      { cookie: dana.cookie },
    );
    await call(
      "save-canned-reply",
      { cannedReplyId: 999_999, language: "en", name: "Gone", body: "<p>c</p>" },
      { cookie: dana.cookie },
    );
    await call("delete-canned-reply", { cannedReplyId: id }, { cookie: dana.cookie });
    await call("delete-canned-reply", { cannedReplyId: id }, { cookie: dana.cookie });
    const rows = await env.DB.prepare(
      "SELECT action, subjectId, actorId FROM audit_log WHERE action LIKE '%canned-reply' AND actorId = ?1 ORDER BY auditId",
    )
      .bind(dana.userId)
      .all();
    expect(rows.results).toEqual(
      ["create-canned-reply", "update-canned-reply", "delete-canned-reply"].map((action) => ({
        action,
        subjectId: String(id),
        actorId: dana.userId,
      })),
    );
  });

  it("refuses a name used twice in one language, and an empty text, changing nothing", async () => {
    const dana = await desk();
    const body = { language: "ar", name: "شكرًا", body: "<p>شكرًا لتواصلك</p>" };
    expect((await call("save-canned-reply", body, { cookie: dana.cookie })).status).toBe(200);
    const before = await count();
    const twice = await call("save-canned-reply", body, { cookie: dana.cookie });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "duplicate_name", field: "name" });
    const empty = await call(
      "save-canned-reply",
      { ...body, name: "Empty", body: "<script>x</script>" },
      { cookie: dana.cookie },
    );
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe("body");
    expect(await count()).toBe(before);
  });

  it("are invisible to clients: every call is refused", async () => {
    const ana = await createUser();
    for (const [name, body] of [
      ["search-canned-reply", {}],
      ["save-canned-reply", { language: "en", name: "Mine", body: "<p>x</p>" }],
      ["delete-canned-reply", { cannedReplyId: 1 }],
    ] as const) {
      expect((await call(name, body, { cookie: ana.cookie })).status, name).toBe(403);
    }
  });
});
