import { useTranslation } from "react-i18next";

/**
 * The passkey texts of the sign-in pages, in the chunks that show them (the passkey entry of /login, the
 * two-steps page) rather than in the auth namespace every first load of /login fetches. The types keep the
 * three languages' keys the same.
 */
export const PASSKEY_TEXTS = "authPasskeys";

const en = {
  passkeySignIn: "Use a passkey",
  passkeyFailed: "The passkey could not be used. Please try again.",
  usePasskey: "Use a passkey instead",
};
type Texts = Record<keyof typeof en, string>;
const fr: Texts = {
  passkeySignIn: "Utiliser une clé d'accès",
  passkeyFailed: "La clé d'accès n'a pas pu servir. Veuillez réessayer.",
  usePasskey: "Utiliser plutôt une clé d'accès",
};
const ar: Texts = {
  passkeySignIn: "استخدام مفتاح مرور",
  passkeyFailed: "تعذّر استخدام مفتاح المرور. يُرجى المحاولة مرة أخرى.",
  usePasskey: "استخدم مفتاح مرور بدلًا من ذلك",
};

export const passkeyTexts = { en, fr, ar };

/** `t` of the passkey texts, which it adds to i18next the first time (all three languages: a switch needs no fetch). */
export function usePasskeyTexts() {
  const { i18n } = useTranslation();
  for (const [language, texts] of Object.entries(passkeyTexts)) {
    if (!i18n.hasResourceBundle(language, PASSKEY_TEXTS)) i18n.addResourceBundle(language, PASSKEY_TEXTS, texts);
  }
  return useTranslation(PASSKEY_TEXTS).t;
}
