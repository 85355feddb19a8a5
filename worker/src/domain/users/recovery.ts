import { claimRecoveryCode, normalizeRecoveryCode, recoveryCodeHash } from "../../auth/recovery-codes";
import { prepare } from "../../db";
import { isLanguage, type Language } from "../../errors/language";
import { audit } from "../audit";
import type { DomainContext, Portal } from "../context";
import { mailTexts, renderMail } from "../outbox/mails";
import { queueMail, type Mail } from "../outbox/queue";

/** The security notice mailed when a recovery code signs an account in. */
export function recoveryCodeUsedMail(
  portal: Portal,
  user: { email: string; name: string },
  left: number,
  ip: string,
  language: Language,
): Mail {
  const content = mailTexts(language, portal.mailTemplates).recoveryCodeUsed({
    name: user.name,
    site: portal.siteName,
    left,
    ip,
    url: `${portal.origin}/pages/account-settings/security`,
  });
  return { to: user.email, kind: "security-notice", ...renderMail(language, content) };
}

/** What a sign-in with a recovery code adds to the sign-in batch. */
export interface RecoverySignIn {
  /** Deletes the code, to be followed by `abortUnlessChanged`: no session unless it was still unused. */
  claim: D1PreparedStatement;
  /** The audit row and the security notice, written with the session. */
  extra: D1PreparedStatement[];
}

/**
 * A sign-in's second step by one of the user's recovery codes: null when `typed` is none of their unused
 * codes. The context's actor is the user signing in.
 */
export async function recoverySignIn(
  context: DomainContext,
  portal: Portal,
  pepper: string,
  user: { userId: number; email: string },
  typed: string,
  requestLanguage: Language | null,
): Promise<RecoverySignIn | null> {
  const code = normalizeRecoveryCode(typed);
  if (code === null) return null;
  const codeHash = await recoveryCodeHash(pepper, user.userId, code);
  const found = await context.d1
    .prepare(
      `SELECT u.userName, u.mailLanguage, (SELECT count(*) FROM recovery_codes r WHERE r.userId = u.userId) AS codes
         FROM users u
        WHERE u.userId = ?1 AND EXISTS (SELECT 1 FROM recovery_codes r WHERE r.userId = ?1 AND r.codeHash = ?2)`,
    )
    .bind(user.userId, codeHash)
    .first<{ userName: string; mailLanguage: string; codes: number }>();
  if (!found) return null;
  const left = found.codes - 1;
  const language = requestLanguage ?? (isLanguage(found.mailLanguage) ? found.mailLanguage : "en");
  const mail = recoveryCodeUsedMail(portal, { email: user.email, name: found.userName }, left, context.actor.ip, language);
  return {
    claim: claimRecoveryCode(context.d1, user.userId, codeHash),
    extra: [
      prepare(
        context.d1,
        audit(context, { action: "two-factor-recovery-code", subject: "User", subjectId: user.userId, detail: { left } }),
      ),
      prepare(context.d1, queueMail(context.db, mail)),
    ],
  };
}
