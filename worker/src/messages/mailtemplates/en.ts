import type { FeatureEnglish } from "../catalog-types";

/** The mail templates' API texts in English: its key set (fr.ts and ar.ts must have every key). */
export const en = {
  messages: {
    noSuchMailKind: "No mail has this kind.",
    mailTemplateUnknownPlaceholder: "This mail has no placeholder {placeholder}. It offers: {allowed}.",
    mailTemplateMalformed: "A brace is out of place near “{near}”: a placeholder is a name between two pairs of braces.",
  },
  successes: {
    mailTemplateSaved: "Mail template saved: the next mails use it.",
    mailTemplateReset: "Mail template reset: the next mails use the default.",
  },
} as const satisfies FeatureEnglish;

export const samples = {
  messages: {
    // Without braces: the catalog test reads a brace pair as a placeholder left unfilled.
    mailTemplateUnknownPlaceholder: { placeholder: "nmae", allowed: "name, site" },
    mailTemplateMalformed: { near: "Hello name," },
  },
};
