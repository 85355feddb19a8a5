import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hasUnsafeCharacters } from "../../worker/src/contract/fields";
import { safeFileName } from "../../worker/src/domain/storage/files";
import { call, callForm, createAdmin, createJobSite, createUser, uniqueEmail, type CallResult, type TestUser } from "./helpers";
import { changedTables, installChangeLog, snapshot, watchedTables } from "./proof-support";

/**
 * Names people read in lists refuse what could make them pose as other text: controls, bidirectional
 * embeddings, overrides and isolates, lone surrogates. One value per class, each inside a plausible name.
 */
const SPOOFS: Array<[string, string]> = [
  ["NUL", "Ali\u0000ce"],
  ["a C0 control (ESC)", "Ali\u001bce"],
  ["a newline", "Alice\nAdmin"],
  ["DEL", "Ali\u007fce"],
  ["a C1 control (NEL)", "Ali\u0085ce"],
  ["left-to-right embedding U+202A", "\u202AAlice"],
  ["right-to-left embedding U+202B", "\u202BAlice"],
  ["pop directional formatting U+202C", "Alice\u202C"],
  ["left-to-right override U+202D", "\u202DAlice"],
  ["right-to-left override U+202E", "Alice\u202Enimda"],
  ["left-to-right isolate U+2066", "\u2066Alice"],
  ["right-to-left isolate U+2067", "\u2067Alice"],
  ["first strong isolate U+2068", "\u2068Alice"],
  ["pop directional isolate U+2069", "Alice\u2069"],
  ["a lone high surrogate", "Ali\uD83Dce"],
  ["a lone low surrogate", "Ali\uDE00ce"],
  ["a line separator", "Alice\u2028Admin"],
];

type Send = (field: string, value: string) => Promise<CallResult>;

describe("display names refuse control and bidirectional formatting characters", () => {
  let admin: TestUser;
  let client: TestUser;
  let siteId: number;
  let tables: string[];

  beforeAll(async () => {
    admin = await createAdmin();
    client = await createUser();
    siteId = (await createJobSite()).siteId;
    tables = await watchedTables();
    await installChangeLog(tables);
  });

  /** Every way a name enters, with a body that is valid but for the field under test. */
  const entries: Array<[string, string, () => Send]> = [
    [
      "register",
      "userName",
      () => (field, value) =>
        call("register", { userName: "Alice", userEmail: uniqueEmail(), password: "long-enough-1", [field]: value }),
    ],
    [
      "register",
      "userPhone",
      () => (field, value) =>
        call("register", { userName: "Alice", userEmail: uniqueEmail(), password: "long-enough-1", [field]: value }),
    ],
    [
      "updateuser (admin, new user)",
      "userName",
      () => (field, value) =>
        callForm(
          "updateuser",
          { userId: "0", userName: "Alice", userEmail: uniqueEmail(), userPW: "long-enough-1", [field]: value },
          { cookie: admin.cookie },
        ),
    ],
    [
      "updateuser (oneself)",
      "userName",
      () => (field, value) =>
        callForm(
          "updateuser",
          { userId: String(client.userId), userName: "Alice", userEmail: client.email, [field]: value },
          { cookie: client.cookie },
        ),
    ],
    [
      "updateuser (oneself)",
      "userPhone",
      () => (field, value) =>
        callForm(
          "updateuser",
          { userId: String(client.userId), userName: "Alice", userEmail: client.email, [field]: value },
          { cookie: client.cookie },
        ),
    ],
    [
      "updateitem",
      "itemName",
      () => (field, value) =>
        callForm(
          "updateitem",
          { itemId: "0", itemName: "Plan", itemPrice: "100", itemDuration: "30", itemIsActive: "true", [field]: value },
          { cookie: admin.cookie },
        ),
    ],
    [
      "updatesite",
      "siteName",
      () => (field, value) =>
        callForm(
          "updatesite",
          { siteId: "0", siteName: "Site", siteDesc: "d", sitePrice: "5", siteIsUse: "true", [field]: value },
          { cookie: admin.cookie },
        ),
    ],
    [
      "updatevendor",
      "vendorName",
      () => (field, value) =>
        call(
          "updatevendor",
          {
            vendorId: 0,
            vendorSiteID: siteId,
            vendorName: "Account",
            vendorIsActive: true,
            loginMethod: "cookie",
            vendorValue: "c=1",
            [field]: value,
          },
          { cookie: admin.cookie },
        ),
    ],
    ["create-apikey", "keyName", () => (field, value) => call("create-apikey", { [field]: value }, { cookie: admin.cookie })],
    [
      "update-role",
      "roleName",
      () => (field, value) =>
        call(
          "update-role",
          { roleId: 0, roleName: "support-desk", rules: [{ action: "read", subject: "all" }], [field]: value },
          { cookie: admin.cookie },
        ),
    ],
    [
      "update-role",
      "roleDesc",
      () => (field, value) =>
        call(
          "update-role",
          { roleId: 0, roleName: "support-desk", rules: [{ action: "read", subject: "all" }], [field]: value },
          { cookie: admin.cookie },
        ),
    ],
    [
      "generate-coupons",
      "couponPrefix",
      () => (field, value) =>
        call("generate-coupons", { couponQuota: 10, couponExpired: "2999-12-31", [field]: value }, { cookie: admin.cookie }),
    ],
    [
      "adjust-quota",
      "reason",
      () => (field, value) => call("adjust-quota", { userId: client.userId, delta: 5, [field]: value }, { cookie: admin.cookie }),
    ],
  ];

  for (const [where, field, sender] of entries) {
    it(`${where} refuses each class in ${field} with a 400 naming the field, changing nothing`, async () => {
      const send = sender();
      const before = await snapshot(tables);
      const problems: string[] = [];
      for (const [label, value] of SPOOFS) {
        const res = await send(field, value);
        if (res.status !== 400 || res.body.field !== field) {
          problems.push(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(await changedTables(before, await snapshot(tables))).toEqual([]);
    });
  }

  it("says why, in the reader's language", async () => {
    const res = await call("create-apikey", { keyName: "Deploy\u202Ebot" }, { cookie: admin.cookie });
    expect(res.body).toMatchObject({
      code: "invalid_input",
      field: "keyName",
      error: 'The field "keyName" must not contain control characters or bidirectional overrides.',
      reason: "must not contain control characters or bidirectional overrides",
    });
    const fr = await call(
      "create-apikey",
      { keyName: "Deploy\u202Ebot" },
      { cookie: `${admin.cookie}; language=${encodeURIComponent('"fr"')}` },
    );
    expect(fr.body.reason).toBe("ne doit pas contenir de caractères de contrôle ni de forçages de direction du texte");
  });

  it("keeps names in any script, with their marks and emoji", async () => {
    for (const userName of ["سارة\u200F أحمد", "Zoë O'Brien-Łukasz", "李小龍", "Ana 👩🏽‍💻"]) {
      const res = await call("register", { userName, userEmail: uniqueEmail(), password: "long-enough-1" });
      expect(res.status, userName).toBe(200);
      expect(res.body.userData.userName).toBe(userName);
    }
  });

  it("names the classes in one shared predicate, which the create-admin script uses too", () => {
    for (const [label, value] of SPOOFS) expect(hasUnsafeCharacters(value), label).toBe(true);
    expect(hasUnsafeCharacters("سارة\u200F أحمد 👩🏽‍💻")).toBe(false);
  });
});

describe("uploaded file names", () => {
  it("lose bidirectional overrides and controls, so an executable cannot read as a PDF", () => {
    expect(safeFileName("report\u202Efdp.exe")).toBe("reportfdp.exe");
    expect(safeFileName("a\u2066b\u2069\uD800c.txt")).toBe("abc.txt");
    expect(safeFileName("line\u0085break\u2028.pdf")).toBe("line_break_.pdf");
  });

  it("are stored cleaned when a client submits a job", async () => {
    const { siteId } = await createJobSite({ price: 1 });
    const client = await createUser({ quota: 5 });
    const file = new File(["plain text essay"], "essay\u202Etxt.exe", { type: "text/plain" });
    const res = await callForm("submit-job", { siteId: String(siteId), file }, { cookie: client.cookie });
    expect(res.status).toBe(200);
    expect(res.body.history.fileName).toBe("essaytxt.exe");
    const row = await env.DB.prepare("SELECT fileName FROM history WHERE uniqueId = ?1")
      .bind(res.body.history.fileData.uniqueId)
      .first<{ fileName: string }>();
    expect(row!.fileName).toBe("essaytxt.exe");
  });
});
