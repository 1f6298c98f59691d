// Runs before the page is drawn (a classic script in <head>): a page in another language stays
// hidden for the moment it takes to translate it.
(function () {
  try {
    var l = localStorage.getItem("quorum-lang") || (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    l = String(l).slice(0, 2).toLowerCase();
    if (l === "ru" || l === "pl") {
      var d = document.documentElement;
      d.classList.add("i18n-pending");
      setTimeout(function () { d.classList.remove("i18n-pending"); }, 1500);
    }
  } catch (e) { /* storage may be disabled */ }
})();
