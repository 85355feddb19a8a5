/** The support-mail signing secret of the end-to-end server (global-setup passes it with `--var`): tests only. */
export const E2E_SUPPORT_MAIL_SECRET = "e2e-support-mail-secret";
