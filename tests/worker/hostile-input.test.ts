import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppAbility } from "../../worker/src/auth/ability";
import type { RouteDef } from "../../worker/src/http/route";
import { routes } from "../../worker/src/routes";
import { call, callForm, createJobSite, type CallOptions, type CallResult } from "./helpers";
import {
  abilityOfRole,
  changedTables,
  fieldsOf,
  insertUser,
  installChangeLog,
  sessionCookie,
  snapshot,
  watchedTables,
  type Principal,
} from "./proof-support";

/**
 * Every call of the route table, fed junk by an admin (and by a client where the client may make
 * the call), answers 4xx with the error shape — never 500 — and changes no row and no stored file.
 */

/** The same junk goes into every field of a call's schema, plus one field the schema does not know. */
const JUNK: Array<[string, unknown]> = [
  ["objects", { $gt: "", nested: { deep: [1] } }],
  ["arrays", [1, "two", null]],
  ["true", true],
  ["null", null],
  ["1e308", 1e308],
  ["-1", -1],
  ["0", 0],
  ["2**63", 2 ** 63],
  ["0.5", 0.5],
  ["100 kB strings", "x".repeat(100_000)],
  ["SQL metacharacters", "'; DROP TABLE users; --"],
  ["HTML", '<script>alert("x")</script><img src=x onerror=alert(1)>'],
  ["right-to-left text", "\u202Eمرحبا بالعالم\u202C \u200F"],
];

/** A client tries the junk most likely to slip past a check an admin never reaches (ownership, own rows). */
const CLIENT_JUNK = ["objects", "-1", "2**63", "SQL metacharacters", "HTML"];

/** Bodies that are not a JSON object at all. */
const RAW: Array<[string, BodyInit, string]> = [
  [
    "non-UTF-8 bytes",
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    "application/json",
  ],
  ["truncated JSON", '{"a": ', "application/json"],
  ["a JSON array", "[1, 2]", "application/json"],
  ["a JSON string", '"text"', "application/json"],
  ["XML", "<a>1</a>", "application/xml"],
];

/**
 * Calls whose normal answer to some junk is legitimately a 2xx (they must still never 500 and change
 * no row), with the reason. Keyed by call, then by junk label ("*" for every label).
 */
const ACCEPTS_JUNK: Record<string, Record<string, string>> = {
  "create-apikey": {
    "SQL metacharacters": "a key's name is free text, stored as a bound parameter and escaped by React when shown",
    HTML: "a key's name is free text, stored as a bound parameter and escaped by React when shown",
  },
};

/** Files whose bytes contradict their names: a Windows executable named as an image and as a PDF, a PDF named as a PNG. */
const PE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const LIARS: Array<[string, () => File, "any" | "image"]> = [
  ["an executable named photo.png", () => new File([PE], "photo.png", { type: "image/png" }), "any"],
  ["an executable named report.pdf", () => new File([PE], "report.pdf", { type: "application/pdf" }), "any"],
  // A real PDF is a fine document, proof or item file; only an image field must refuse it.
  ["a PDF named photo.png", () => new File([PDF], "photo.png", { type: "image/png" }), "image"],
];

interface Caller {
  user: Principal;
  email: string;
}

/** A pending payment of the user, straight in D1 (payment-proof needs one to attach a proof to). */
async function pendingPayment(userId: number): Promise<string> {
  const referenceId = `proof${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `INSERT INTO payments (referenceId, userId, amount, currency, lines, expiresAt)
     VALUES (?1, ?2, 900, 'USD', '[]', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day'))`,
  )
    .bind(referenceId, userId)
    .run();
  return referenceId;
}

/** A ticket (or draft) of the user with its first message, straight in D1 (reply-ticket and open-ticket need one). */
async function ownTicket(userId: number, draft = false): Promise<number> {
  const [ticket] = await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO tickets (userId, subject, lastSeq, publicSeq, draft) VALUES (?1, 'Proof ticket', 1, 1, ?2) RETURNING ticketId",
    ).bind(userId, draft ? 1 : 0),
    env.DB.prepare(
      "INSERT INTO ticket_messages (ticketId, seq, authorId, staff, body) VALUES (last_insert_rowid(), 1, ?1, 0, '<p>Help</p>')",
    ).bind(userId),
  ]);
  return (ticket!.results[0] as { ticketId: number }).ticketId;
}

/** A queued job of the user on a usable one-point site, straight in D1 (update-history needs one). */
async function queuedJob(userId: number): Promise<string> {
  const { siteId } = await createJobSite({ price: 1 });
  const uniqueId = `proof${crypto.randomUUID().replaceAll("-", "")}`;
  await env.DB.prepare(
    `INSERT INTO history (uniqueId, userId, siteId, siteName, fileName, fileKey, pointsSpent)
     VALUES (?1, ?2, ?3, 'Proof site', 'essay.pdf', 'documents/proof.pdf', 1)`,
  )
    .bind(uniqueId, userId, siteId)
    .run();
  return uniqueId;
}

/**
 * For every multipart call, a body that is valid except for its file fields, so the lying file is
 * what gets refused; "image" fields refuse a PDF too. A new multipart call must add its entry (the
 * test fails until it does).
 */
const MULTIPART_BASES: Record<
  string,
  { files: Record<string, "image" | "other">; base: (who: Caller) => Promise<Record<string, string>> }
> = {
  updateuser: {
    files: { userImageNew: "image" },
    base: async (who) => ({ userId: String(who.user.userId), userName: "Same Name", userEmail: who.email }),
  },
  updateitem: {
    files: { itemImageNew: "image", uploadedFile: "other" },
    base: async () => ({
      itemId: "0",
      itemName: "Proof item",
      itemDesc: "d",
      itemPrice: "100",
      itemDuration: "30",
      itemIsActive: "true",
    }),
  },
  updatesite: {
    files: { siteImageNew: "image" },
    base: async () => ({ siteId: "0", siteName: "Proof site", siteDesc: "d", sitePrice: "5", siteIsUse: "true" }),
  },
  "payment-proof": {
    files: { file: "other" },
    base: async (who) => ({ referenceId: await pendingPayment(who.user.userId) }),
  },
  "submit-job": {
    files: { file: "other" },
    base: async () => ({ siteId: String((await createJobSite({ price: 1 })).siteId) }),
  },
  "update-history": {
    files: { report: "other" },
    base: async (who) => ({ uniqueId: await queuedJob(who.user.userId), status: "1", similarity: "50" }),
  },
  "open-ticket": {
    files: { attachments: "other" },
    base: async (who) => ({
      ticketId: String(await ownTicket(who.user.userId, true)),
      subject: "Proof ticket",
      body: "<p>Proof</p>",
      draft: "false",
    }),
  },
  "reply-ticket": {
    files: { attachments: "other" },
    base: async (who) => ({ ticketId: String(await ownTicket(who.user.userId)), body: "<p>Proof reply</p>" }),
  },
  "update-store-settings": {
    files: { bankLogoNew: "image" },
    base: async () => ({ bankName: "Proof Bank" }),
  },
};

/** Whether a session of this ability passes the call's declared access (only then is the body read). */
function mayCall(def: RouteDef, ability: AppAbility): boolean {
  if (def.access === "public" || def.access === "signedIn") return true;
  return ability.can(def.access[0], def.access[1]);
}

describe("hostile input over the route table", () => {
  const callers = {} as Record<"admin" | "client", Caller>;
  const abilities = {} as Record<"admin" | "client", AppAbility>;
  let tables: string[] = [];

  beforeAll(async () => {
    for (const role of ["admin", "client"] as const) {
      const user = await insertUser(role, { quota: 10 });
      const row = await env.DB.prepare("SELECT userEmail FROM users WHERE userId = ?1")
        .bind(user.userId)
        .first<{ userEmail: string }>();
      callers[role] = { user, email: row!.userEmail };
      abilities[role] = await abilityOfRole(role, user.userId);
    }
    tables = await watchedTables();
    await installChangeLog(tables);
  });

  it("has a valid base body for every multipart call, so its file check is reached", () => {
    const multipart = routes.filter((r) => r.maxBody !== undefined).map((r) => r.name);
    expect(multipart.filter((n) => !(n in MULTIPART_BASES))).toEqual([]);
  });

  for (const def of routes) {
    it(`${def.name} refuses junk without changing anything`, async () => {
      const fields = fieldsOf(def.input);
      const problems: string[] = [];

      for (const role of ["admin", "client"] as const) {
        if (!mayCall(def, abilities[role])) continue;
        const opts: CallOptions = { cookie: await sessionCookie(callers[role].user.userId), ip: "203.0.113.77" };
        const attempts: Array<[string, () => Promise<CallResult>]> = RAW.map(([label, raw, type]) => [
          label,
          () => call(def.name, undefined, { ...opts, raw, headers: { "content-type": type } }),
        ]);
        if (fields.length > 0) {
          // A body missing every field (refused unless no field is required).
          if (!def.input.safeParse({}).success) attempts.push(["no fields", () => call(def.name, {}, opts)]);
          for (const [label, value] of role === "admin" ? JUNK : JUNK.filter(([l]) => CLIENT_JUNK.includes(l))) {
            const body = Object.fromEntries([...fields, "unexpectedField"].map((k) => [k, value]));
            attempts.push([label, () => call(def.name, body, opts)]);
            if (def.maxBody !== undefined && typeof value === "string") {
              attempts.push([`${label} (multipart)`, () => callForm(def.name, body as Record<string, string>, opts)]);
            }
          }
        }
        const multipart = MULTIPART_BASES[def.name];
        const liar = new Set<string>();
        if (multipart) {
          for (const [field, kind] of Object.entries(multipart.files)) {
            for (const [label, file, applies] of LIARS) {
              if (applies === "image" && kind !== "image") continue;
              const base = await multipart.base(callers[role]);
              attempts.push([`${label} as ${field}`, () => callForm(def.name, { ...base, [field]: file() }, opts)]);
              liar.add(`${label} as ${field}`);
            }
          }
        }

        // All at once: every attempt must fail, so they cannot disturb each other, and one pair of
        // snapshots around them proves that none changed anything.
        const accepted = (label: string) => ACCEPTS_JUNK[def.name]?.[label] ?? ACCEPTS_JUNK[def.name]?.["*"];
        const refused = attempts.filter(([label]) => !accepted(label));
        const before = await snapshot(tables);
        const answers = await Promise.all(refused.map(([, send]) => send()));
        const changed = await changedTables(before, await snapshot(tables));
        if (changed.length > 0) problems.push(`${def.name} as ${role}: junk changed ${changed.join("; ")}`);
        // Junk the call legitimately accepts runs after, on its own: it may change rows, never 500.
        for (const [label, send] of attempts.filter(([l]) => accepted(l))) {
          const res = await send();
          if (res.status >= 500) problems.push(`${def.name} as ${role} with ${label}: ${res.status}`);
        }
        answers.forEach((res, i) => {
          const label = refused[i]![0];
          const where = `${def.name} as ${role} with ${label}`;
          const allowed = accepted(label);
          if (res.status >= 500) problems.push(`${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (res.status < 400 && !allowed) problems.push(`${where}: answered ${res.status}, expected 4xx`);
          else if (res.status >= 400 && (typeof res.body?.error !== "string" || typeof res.body?.code !== "string")) {
            problems.push(`${where}: ${res.status} without the error shape`);
          }
          // A lying file must be refused for its bytes, not for some other field of the base body.
          if (liar.has(label) && res.status !== 415) problems.push(`${where}: ${res.status} ${res.body?.code}, expected 415`);
          // Junk must never end the caller's session (a refused change-password, say).
          if (res.status === 401 && def.access !== "public") problems.push(`${where}: 401, the session was lost`);
        });
      }
      expect(problems).toEqual([]);
    }, 30_000);
  }
});
