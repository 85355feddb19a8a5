// Reads the preference cookies (JSON, path /) and sets theme and direction on <html> before React
// starts, so a dark or right-to-left page does not flash light or left-to-right first.
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
  var scheme = read("theme") || "light";
  if (scheme === "system") scheme = window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  var skin = read("skin") === "bordered" ? "-bordered" : "";
  html.setAttribute("data-theme", scheme + skin);
  var lang = read("language");
  if (lang === "en" || lang === "fr" || lang === "ar") html.setAttribute("lang", lang);
  html.setAttribute("dir", read("direction") === "rtl" || lang === "ar" ? "rtl" : "ltr");
})();
