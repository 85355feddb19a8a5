// Reads the preference cookies (JSON, path /) and sets theme and direction on <html> before React
// starts, so a dark or right-to-left page does not flash light or left-to-right first. The same
// rules as web/src/providers/preferences.tsx (default theme: "system", which follows the device, light
// where the device says nothing). It also
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

  // The JSON a <meta name> of index.html carries (web/build.ts), null when absent or unreadable.
  function metaJson(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    try {
      return meta && JSON.parse(meta.getAttribute("content"));
    } catch (e) {
      return null;
    }
  }

  var html = document.documentElement;
  var theme = read("theme");
  var scheme = theme === "dark" || theme === "light" ? theme : "light";
  if (theme !== "dark" && theme !== "light" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches)
    scheme = "dark";
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
  // web/build.ts): the reader's common translations; when someone is signed in the default layout,
  // the signed-in app's translations and the menu's; and the page of the address with its own.
  var plan = metaJson("first-load");
  var here = location.pathname.replace(/\/+$/, "").split("/");
  // The first of `routes` whose pattern (literal segments and :name parameters) is the address, and its parameters.
  function matching(routes) {
    for (var r = 0; r < (routes || []).length; r++) {
      var pattern = routes[r].path.split("/");
      var same = pattern.length === here.length;
      var params = {};
      for (var s = 0; same && s < pattern.length; s++) {
        if (pattern[s].charAt(0) === ":") {
          same = here[s] !== "";
          params[pattern[s]] = here[s];
        } else same = pattern[s] === here[s];
      }
      if (same) return { route: routes[r], params: params };
    }
    return null;
  }
  var signedIn = read("userData") !== null;
  preloadFiles();
  startFirstCalls();

  function preloadFiles() {
    var files = plan && plan.languages[lang === "fr" || lang === "ar" ? lang : "en"];
    if (!files) return;
    var found = matching(plan.routes);
    var route = found && found.route;
    var wanted = [files.common];
    if (signedIn) {
      if (!(route && route.blank)) wanted = wanted.concat(plan.layout);
      wanted.push(files.app);
      for (var m = 0; m < (plan.menu || []).length; m++) wanted.push(files[plan.menu[m]]);
    }
    if (route) wanted = wanted.concat(route.files, [files[route.ns]]);
    var seen = {};
    for (var i = 0; i < wanted.length; i++) {
      if (!wanted[i] || seen[wanted[i]]) continue;
      seen[wanted[i]] = true;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      // After the app's own files, which are requested at high priority in <head>.
      link.fetchPriority = "low";
      link.href = wanted[i];
      document.head.appendChild(link);
    }
  }

  // The page's first calls (and the navbar's on a signed-in page), sent now rather than once the app has
  // arrived and run: index.html names them per route (web/src/app/firstCallPlan.ts); the app takes the
  // answers when it asks the same (web/src/lib/firstCalls.ts). Only at an address without a query, whose
  // calls are the plan's; who may not do what a variant needs sends nothing of it.
  function startFirstCalls() {
    var calls = metaJson("first-calls");
    if (!calls || location.search || !window.fetch) return;
    var rules = read("userAbilityRules");
    rules = Object.prototype.toString.call(rules) === "[object Array]" ? rules : [];
    function has(list, value) {
      list = Object.prototype.toString.call(list) === "[object Array]" ? list : [list];
      for (var i = 0; i < list.length; i++) if (list[i] === value) return true;
      return false;
    }
    // CASL's answer for a subject type: the last rule about it decides (an inverted one forbids).
    function can(ability) {
      var parts = ability.split(" ");
      var allowed = false;
      for (var i = 0; i < rules.length; i++) {
        var rule = rules[i] || {};
        if (
          (has(rule.action, parts[0]) || has(rule.action, "manage")) &&
          (has(rule.subject, parts[1]) || has(rule.subject, "all"))
        )
          allowed = !rule.inverted || !!rule.conditions;
      }
      return allowed;
    }
    function variant(variants) {
      for (var v = 0; v < (variants || []).length; v++) {
        var holds = true;
        for (var ability in variants[v].when) if (can(ability) !== variants[v].when[ability]) holds = false;
        if (holds) return variants[v].calls;
      }
      return [];
    }
    var found = matching(calls.routes);
    var wanted = [];
    if (found && (signedIn || found.route["public"])) {
      wanted = variant(found.route.variants);
      for (var name in found.params) {
        if (!/^[\w-]+$/.test(found.params[name])) return;
      }
    }
    // The navbar's widgets: on a signed-in page of the default layout (the first-load plan knows which are blank).
    var page = matching(plan && plan.routes);
    if (signedIn && page && !page.route.blank) wanted = wanted.concat(variant(calls.layout));
    // Nothing to send (a visitor's sign-in page): local storage, opened synchronously, stays closed.
    if (wanted.length === 0) return;
    var bookmark;
    try {
      bookmark = localStorage.getItem("d1-bookmark");
    } catch (e) {
      bookmark = null;
    }
    window.firstCalls = {};
    for (var c = 0; c < wanted.length; c++) {
      var body = wanted[c][1];
      for (var param in found ? found.params : {})
        body = body.split(JSON.stringify(param)).join(JSON.stringify(found.params[param]));
      // A call the page and the navbar both make (the checkout's cart) is sent once.
      if (window.firstCalls[wanted[c][0] + " " + body]) continue;
      var headers = { "content-type": "application/json" };
      if (bookmark) headers["x-d1-bookmark"] = bookmark;
      window.firstCalls[wanted[c][0] + " " + body] = {
        at: Date.now(),
        // After the files (which the page needs before it can show any answer), in the browser's queue too.
        answer: fetch("/api/" + wanted[c][0], {
          method: "POST",
          credentials: "same-origin",
          headers: headers,
          body: body,
          priority: "low",
        }),
      };
    }
  }
})();
