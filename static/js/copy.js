import { t } from "./i18n/index.js";

// Copy buttons on the invite page; clicking a link field selects all of it.
for (const button of document.querySelectorAll("button.copy")) {
  button.addEventListener("click", async () => {
    const text = button.dataset.copy;
    const field = button.parentElement.querySelector("input");
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      field?.select();
      copied = document.execCommand?.("copy") ?? false;
    }
    button.textContent = copied ? t("created.copied") : t("created.selectCopy");
    setTimeout(() => { button.textContent = t("created.copy"); }, 1500);
  });
}
for (const field of document.querySelectorAll(".invite input[readonly]")) {
  field.addEventListener("focus", () => field.select());
}
// On phones, offer the system share sheet too: the usual way to send a link to a friend.
if (navigator.share) {
  for (const row of document.querySelectorAll(".link-row")) {
    const url = row.querySelector("input")?.value;
    if (!url) continue;
    const share = document.createElement("button");
    share.type = "button";
    share.className = "secondary share";
    share.textContent = t("created.share");
    share.addEventListener("click", () => navigator.share({ title: document.title, url }).catch(() => {}));
    row.querySelector("button.copy")?.after(share);
  }
}
