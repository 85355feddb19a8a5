import arabicBold from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff";
import arabic from "@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff";
import latinExtBold from "@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff";
import latinExt from "@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff";
import latinBold from "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff";
import latin from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff";
import type { Script } from "./text";

/**
 * Noto Sans (Latin, Latin Extended) and Noto Sans Arabic, regular and bold, as the Fontsource packages
 * subset them (SIL Open Font License 1.1, which allows embedding: pdfkit embeds only the glyphs a
 * document uses).
 */
export const FONTS: Record<`${Script}-${"regular" | "bold"}`, ArrayBuffer> = {
  "latin-regular": latin,
  "latin-bold": latinBold,
  "latinExt-regular": latinExt,
  "latinExt-bold": latinExtBold,
  "arabic-regular": arabic,
  "arabic-bold": arabicBold,
};
