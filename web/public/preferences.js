// Reads the preference cookies (JSON, path /) and sets theme and direction on <html> before React
// starts, so a dark or right-to-left page does not flash light or left-to-right first. The same
// rules as web/src/app/preferences.tsx (default theme: light; "system" follows the device). It also
// preloads the files of the first paint with the app (web/build.ts names them in index.html).
(function () {
  function read(name) {
    var match = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    if (!match) return null;
    try {
      return JSON.parse(decodeURIComponent(match[1]));
    } catch (e) {
      return null;
    }
  }
  var html = document.documentElement;
  var theme = read("theme");
  var scheme = theme === "dark" || theme === "light" ? theme : "light";
  if (theme === "system") scheme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  var skin = read("skin") === "bordered" ? "-bordered" : "";
  html.setAttribute("data-theme", scheme + skin);
  var lang = read("language");
  if (lang === "en" || lang === "fr" || lang === "ar") html.setAttribute("lang", lang);
  var dir = read("direction");
  html.setAttribute("dir", dir === "rtl" || dir === "ltr" ? dir : lang === "ar" ? "rtl" : "ltr");

  // The files of the first paint, with the app instead of after it (index.html names them,
  // web/build.ts): the reader's common translations, and when someone is signed in the default
  // layout and the signed-in app's translations.
  var meta = document.querySelector('meta[name="first-load"]');
  var plan = null;
  try {
    plan = meta && JSON.parse(meta.getAttribute("content"));
  } catch (e) {
    plan = null;
  }
  var files = plan && plan.languages[lang === "fr" || lang === "ar" ? lang : "en"];
  if (!files) return;
  var wanted = [files.common].concat(read("userData") ? plan.layout.concat([files.app]) : []);
  for (var i = 0; i < wanted.length; i++) {
    if (!wanted[i]) continue;
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    // After the app's own files, which are requested at high priority in <head>.
    link.fetchPriority = "low";
    link.href = wanted[i];
    document.head.appendChild(link);
  }
})();
