import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_SUBJECTS } from "../../web/src/lib/subjects.gen";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The access page names a feature's CASL subject by `<ns>:subjectName.<Subject>`, where `ns` is the name of
 * the Worker's contract module: the web feature of that name must hold the words, in every language.
 */
describe("the features' subjects are named on the access page", () => {
  it.each(FEATURE_SUBJECTS.map((s) => [s.subject, s.ns]))("%s in the web feature %s, in en, fr and ar", (subject, ns) => {
    for (const language of ["en", "fr", "ar"]) {
      const file = path.join(ROOT, "web/src/features", ns, "locales", `${language}.json`);
      const words = JSON.parse(readFileSync(file, "utf8")) as { subjectName?: Record<string, string> };
      expect(words.subjectName?.[subject], `${ns}/${language}`).toBeTruthy();
    }
  });
});
