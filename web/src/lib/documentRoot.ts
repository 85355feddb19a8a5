/**
 * Sets an attribute of `<html>` only when its value changes. Chromium restyles the whole page on
 * every write of `lang` or `dir`, even an equal one (`:lang()` and `:dir()` can match any element):
 * on a prerendered page the app's first writes repeated what the HTML already said, and each cost a
 * style recalculation of every element (18–40 ms each on a fast machine, about four times that on a phone).
 */
export function setRootAttribute(name: "lang" | "dir" | "data-theme", value: string) {
  const root = document.documentElement;
  if (root.getAttribute(name) !== value) root.setAttribute(name, value);
}
