// Started by the boot script (web/boot.js) with the reader's locale: the browser's first number or
// date format loads its locale data, 40–60 ms of a desktop's main thread and four times that on a phone.
// Done here, on another thread, while the app downloads; the data is the process's, so the page's first
// format is then immediate.
(function () {
  var locale = new URLSearchParams(self.location.search).get("locale") || "en-US";
  try {
    new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(1);
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(0);
  } finally {
    self.close();
  }
})();
