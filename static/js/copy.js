// Copy buttons on the invite page.
for (const button of document.querySelectorAll("button.copy")) {
  button.addEventListener("click", async () => {
    const text = button.dataset.copy;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const field = button.parentElement.querySelector("input");
      field?.select();
      document.execCommand?.("copy");
    }
    const before = button.textContent;
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = before; }, 1500);
  });
}
