import * as z from "zod";
import { defineCalls } from "./call";

export const settingsCalls = defineCalls({
  "app-settings": {
    summary: "Deployment settings the web app needs before anyone signs in (no secrets).",
    access: "public",
    input: z.object({}),
    answer: z.strictObject({
      siteName: z.string(),
      currency: z.string(),
      languageSwitcher: z.boolean(),
      turnstileSiteKey: z.string().nullable().meta({
        description:
          "Cloudflare Turnstile's site key when Turnstile is on (register, forgot-password, repeated failed sign-ins).",
      }),
      termsUrl: z.string().nullable().meta({ description: "The terms registration asks to accept (TERMS_URL), or null." }),
    }),
  },
  "public-catalogue": {
    summary: "The active bundles and items as a visitor may see them, for the front pages (cached 60 s).",
    access: "public",
    readsOnly: true,
    input: z.object({}),
    answer: z.strictObject({
      currency: z.string(),
      bundles: z.array(
        z.strictObject({
          bundleId: z.number().int(),
          bundlePoin: z.number().int(),
          bundlePrice: z.number().int(),
          bundleDisc: z.number().int(),
        }),
      ),
      items: z.array(
        z.strictObject({
          itemId: z.number().int(),
          itemName: z.string(),
          itemDesc: z.string(),
          itemPrice: z.number().int(),
          itemDuration: z.number().int(),
          itemImage: z.string().nullable(),
        }),
      ),
    }),
  },
});

/** This module's calls by OpenAPI tag (collected by contract/index.ts). */
export const groups = { "Settings and front pages": settingsCalls };
