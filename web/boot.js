// The boot script, inline in every page (scripts/boot.ts). It reads the preference cookies (JSON, path /)
// and sets theme, language and direction on <html> before React starts, so a dark or right-to-left page
// does not flash light or left-to-right first: the same rules as web/src/providers/preferences.tsx
// (default theme: light; "system", when chosen, follows the device, light where it says nothing). It also
// preloads the files of the first paint with the app (web/build.ts names them in index.html).
(function () {
  // One read of the cookies: each read of document.cookie is a synchronous call to the browser process.
  var cookies = document.cookie;
  function read(name) {
    var match = cookies.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    if (!match) return null;
    try {
      return JSON.parse(decodeURIComponent(match[1]));
    } catch (e) {
      return null;
    }
  }

  var html = document.documentElement;
  var theme = read("theme");
  var scheme = theme === "dark" ? "dark" : "light";
  if (theme === "system" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) scheme = "dark";
  var skin = read("skin") === "bordered" ? "-bordered" : "";
  html.setAttribute("data-theme", scheme + skin);
  var lang = read("language");
  // A prerendered public page (web/prerender.ts) comes in the language the Worker chose, with its
  // direction: the app adopts it (web/src/i18n). Other pages follow the cookies.
  if (document.querySelector('meta[name="app-settings"]')) {
    lang = html.getAttribute("lang");
  } else {
    if (lang === "en" || lang === "fr" || lang === "ar") html.setAttribute("lang", lang);
    var dir = read("direction");
    html.setAttribute("dir", dir === "rtl" || dir === "ltr" ? dir : lang === "ar" ? "rtl" : "ltr");
  }

  // The locale data of the first number or date the page formats, loaded meanwhile on another thread
  // (web/public/intl-warm.js); the locale is the app's (web/src/lib/format.ts).
  if (window.Worker) {
    try {
      new Worker("/intl-warm.js?locale=" + (lang === "fr" ? "fr-FR" : lang === "ar" ? "ar" : "en-US"));
    } catch (e) {
      // Without it the page formats as well, only later.
    }
  }

  // The files of the first paint, with the app instead of after it (index.html names them,
  // web/build.ts): the reader's common translations and, when someone is signed in, the default
  // layout with its widgets, the signed-in app's translations and the menu's. The page of the address,
  // its translations and its data are the route's to start once the app runs (app/prefetch.ts).
  var meta = document.querySelector('meta[name="first-load"]');
  var plan = null;
  try {
    plan = meta && JSON.parse(meta.getAttribute("content"));
  } catch (e) {
    // An unreadable plan preloads nothing: the app loads its files itself.
  }
  var files = plan && plan.languages[lang === "fr" || lang === "ar" ? lang : "en"];
  if (!files) return;
  var wanted = [files.common];
  if (read("userData") !== null) {
    wanted = wanted.concat(plan.layout, [files.app]);
    for (var m = 0; m < plan.menu.length; m++) wanted.push(files[plan.menu[m]]);
  }
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
