import { nowIso, runBatch, type DB } from "../../db";
import type { AnySelect, ListOptions } from "../../db/list";
import { abortUnlessChanged, runGuardedBatch } from "../../db/guard";
import { conflict, notFound } from "../../errors";
import type { Language } from "../../errors/language";
import { audit } from "../audit";
import type { DomainContext, Portal } from "../context";
import { mailTexts, renderMail } from "../outbox/mails";
import { queueMail, type Mail } from "../outbox/queue";

/** The account whose passkeys change: who the notice goes to. */
export interface PasskeyOwner {
  userId: number;
  email: string;
  name: string;
}

/** search-passkey as a list (db/list.ts): a user's passkeys (passkeys_user), newest first; they are few. */
export function passkeyList(db: DB, userId: number): { query: AnySelect } & Omit<ListOptions, "window"> {
  return {
    query: db.selectFrom("passkeys").select(["passkeyId", "passkeyName", "createdAt", "lastUsedAt"]).where("userId", "=", userId),
    order: [["passkeyId", "desc"]],
  };
}

/** The security notice mailed when a passkey is added to an account or removed from it. */
function passkeyChangedMail(
  portal: Portal,
  owner: PasskeyOwner,
  passkeyName: string,
  added: boolean,
  ip: string,
  language: Language,
): Mail {
  const content = mailTexts(language, portal.mailTemplates).passkeyChanged({
    name: owner.name,
    site: portal.siteName,
    passkeyName,
    added,
    ip,
    url: `${portal.origin}/pages/account-settings/security`,
  });
  return { to: owner.email, kind: "security-notice", ...renderMail(language, content) };
}

/** Stores a verified credential under its name, with its audit row and security notice, in one batch. */
export async function addPasskey(
  context: DomainContext,
  portal: Portal,
  owner: PasskeyOwner,
  passkey: {
    credentialId: string;
    publicKey: string;
    publicKeyAlgorithm: "ES256" | "RS256";
    signCount: number;
    transports: string;
    passkeyName: string;
  },
  language: Language,
): Promise<void> {
  const { db, d1 } = context;
  try {
    await runBatch(d1, [
      db.insertInto("passkeys").values({ ...passkey, userId: owner.userId, createdAt: nowIso(), lastUsedAt: null }),
      audit(context, {
        action: "passkey-add",
        subject: "User",
        subjectId: owner.userId,
        detail: { passkeyName: passkey.passkeyName },
      }),
      queueMail(db, passkeyChangedMail(portal, owner, passkey.passkeyName, true, context.actor.ip, language)),
    ]);
  } catch (error) {
    // The credential id is unique: the same authenticator registered twice (excludeCredentials asks it not to).
    if (String(error).includes("UNIQUE")) throw conflict("passkeyTaken", "passkey_taken");
    throw error;
  }
}

/** Removes one of the owner's passkeys (another user's is 404), with its audit row and security notice. */
export async function removePasskey(
  context: DomainContext,
  portal: Portal,
  owner: PasskeyOwner,
  passkeyId: number,
  language: Language,
): Promise<void> {
  const { db, d1 } = context;
  const found = await db
    .selectFrom("passkeys")
    .select("passkeyName")
    .where("passkeyId", "=", passkeyId)
    .where("userId", "=", owner.userId)
    .executeTakeFirst();
  if (!found) throw notFound("noSuchPasskey");
  // A concurrent removal deletes nothing here, and the guard rolls back the audit row and the notice.
  await runGuardedBatch(
    d1,
    [
      db.deleteFrom("passkeys").where("passkeyId", "=", passkeyId).where("userId", "=", owner.userId),
      abortUnlessChanged(d1),
      audit(context, {
        action: "passkey-remove",
        subject: "User",
        subjectId: owner.userId,
        detail: { passkeyId, passkeyName: found.passkeyName },
      }),
      queueMail(db, passkeyChangedMail(portal, owner, found.passkeyName, false, context.actor.ip, language)),
    ],
    () => notFound("noSuchPasskey"),
  );
}
