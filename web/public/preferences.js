// Reads the preference cookies (JSON, path /) and sets theme and direction on <html> before React
// starts, so a dark or right-to-left page does not flash light or left-to-right first. The same
// rules as web/src/app/preferences.tsx (default theme: light; "system" follows the device).
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
})();
