// "Your move" while the page is hidden, for every game: besides the tab's title, a short sound and
// a browser notification when this seat is asked, if the player turned it on (a switch on the
// page, remembered in this browser), at most once a minute. Mounted into <div id="alerts">.
//
// A seat counts as newly asked when its prompts differ from the ones it had in the last state
// (a first prompt, or another one); only then, and only while the page is hidden, is it alerted.
import { el } from "./render.js";
import { t, onLanguageChange } from "./i18n/index.js";

const SETTING = "quorum-alerts";
export const ALERT_EVERY = 60000; // ms: no more than one sound and notification a minute

function stored() {
  try { return localStorage.getItem(SETTING) === "on"; } catch { return false; }
}

function store(on) {
  try { localStorage.setItem(SETTING, on ? "on" : "off"); } catch { /* storage may be disabled */ }
}

const canNotify = () => typeof Notification !== "undefined";

/** mountAlerts(container, {gameId, title}) → {update(body)}; `title()` is the game's title. */
export function mountAlerts(container, { gameId, title }) {
  if (!container) return { update() {} };
  let on = stored();
  let asked = null; // the prompts this seat had in the last state, as a string
  let last = -Infinity;
  let audio = null;

  const box = el("input", { type: "checkbox", class: "alerts-switch", checked: on,
    onchange: () => turn(box.checked) });
  const words = el("span", {});
  const blocked = el("span", { class: "muted small alerts-blocked", hidden: true });
  container.replaceChildren(el("label", { class: "check alerts" }, box, words), blocked);

  function say() {
    words.textContent = t("alerts.label");
    blocked.textContent = t("alerts.blocked");
    blocked.hidden = !on || !canNotify() || Notification.permission !== "denied";
  }

  // Browsers let a page play sound only after the reader did something on it: the sound is made
  // ready on the click that turns alerts on, or on the first click or key after a reload.
  function readySound() {
    try {
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume().catch(() => {});
    } catch {
      audio = null;
    }
  }

  function turn(value) {
    on = value;
    store(on);
    if (on) {
      readySound();
      if (canNotify() && Notification.permission === "default") {
        Notification.requestPermission().then(say, say);
      }
    }
    say();
  }

  function beep() {
    if (!audio) return;
    const now = audio.currentTime;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    gain.connect(audio.destination);
    for (const [freq, at] of [[660, 0], [880, 0.12]]) {
      const tone = audio.createOscillator();
      tone.frequency.value = freq;
      tone.connect(gain);
      tone.start(now + at);
      tone.stop(now + at + 0.2);
    }
  }

  function notify() {
    if (!canNotify() || Notification.permission !== "granted") return;
    try {
      // The words say only that it is this seat's move: a notification may show on a screen
      // other people see.
      const note = new Notification(t("page.yourMove", { title: title() }), {
        body: t("alerts.body", { title: title() }), tag: `quorum-${gameId}`, icon: "/static/favicon.svg",
      });
      note.onclick = () => { window.focus(); note.close(); };
    } catch {
      // Some browsers (Chrome on Android) show notifications only through a service worker.
    }
  }

  function alert() {
    const now = Date.now();
    if (now - last < ALERT_EVERY) return;
    last = now;
    beep();
    notify();
  }

  const unlock = () => { if (on) readySound(); };
  document.addEventListener("pointerdown", unlock, { once: true });
  document.addEventListener("keydown", unlock, { once: true });
  say();
  onLanguageChange(say);

  return {
    update(body) {
      container.hidden = body.status === "finished"; // nothing more to be asked
      // A seat that is ready (drafts.js) is not asked anything: it waits for the others.
      const prompts = body.status === "finished" ? [] : (body.prompts || []).filter((p) => !p.ready);
      const now = prompts.length ? JSON.stringify(prompts.map((p) => [p.kind, p.msg ?? p.text ?? ""])) : null;
      const fresh = now !== null && now !== asked;
      asked = now;
      if (fresh && on && document.visibilityState === "hidden") alert();
    },
  };
}
