import { describe, expect, it } from "vitest";
import { englishCatalogue, findEnglish, NATIVE_ENGLISH } from "../e2e/untranslated";
import commonAr from "../../web/src/i18n/locales/ar.json";
import commonEn from "../../web/src/i18n/locales/en.json";
import notificationsEn from "../../web/src/features/notifications/locales/en.json";
import notificationsFr from "../../web/src/features/notifications/locales/fr.json";
import { en as apiEn } from "../../worker/src/messages/en";

/** The phone and a11y runs' check for English on French and Arabic pages (tests/e2e/untranslated.ts). */
describe("the untranslated-text check", () => {
  const arabic = englishCatalogue("ar");
  const french = englishCatalogue("fr");

  it("finds an English catalogue text injected into an Arabic page, with the key it comes from", () => {
    const page = [commonAr.mainMenu, "١٢٣", commonEn.mainMenu];
    expect(findEnglish(page, arabic)).toEqual([`"${commonEn.mainMenu}" (common:mainMenu)`]);
  });

  it("finds English whatever its case, spacing or filled-in placeholders, and the Worker's messages", () => {
    const page = [`  ${commonEn.openMenu.toUpperCase()} `, apiEn.messages.bodyTooLarge.replace("{size}", "10 MB")];
    expect(findEnglish(page, arabic)).toHaveLength(2);
  });

  it("finds an English value within an Arabic sentence, not an address or a seeded name there", () => {
    const sentence = "يتيح لك دورك (client) هذه الصفحات.";
    expect(findEnglish([sentence], arabic)).toEqual([`"client" in "${sentence}" (common:role.client)`]);
    expect(findEnglish(["مرحبا Demo Client، بريدك client@example.com"], arabic)).toEqual([]);
  });

  it("leaves alone what the language writes alike, seeded names, numbers and codes", () => {
    expect(notificationsFr.title).toBe(notificationsEn.title);
    const page = [notificationsEn.title, "Demo Client", "Similarity Check", "client@example.com", "$40.00", "12", "Ref_abc"];
    expect(findEnglish(page, french)).toEqual([]);
  });

  it("names the browser's own English the page collected", () => {
    expect(findEnglish([`${NATIVE_ENGLISH}a bare file input`], arabic)).toEqual(["browser's own English: a bare file input"]);
  });
});
