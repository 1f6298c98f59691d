// The end of a Battlestar Galactica game, at the top of a finished game's board (and of a
// replay's last step): who won and why, who was who (every player's loyalty cards, and the turn
// in which each Cylon revealed), and the fleet's resources turn by turn. Everything comes from
// the finished game's view, which shows every secret, and its record of the resources
// (`resources_by_turn`) and of the reveals (`revealed_turn`), both kept by the engine.
import { el } from "/static/js/render.js";
import { t } from "/static/js/i18n/index.js";
import { isMsg } from "/static/js/i18n/format.js";
import { courseChart } from "./coursechart.js";
import { saidLine, saidParam } from "./said.js";
import { cardName, charName, teamName } from "./words.js";

const TEAM_COLOURS = { human: "#3d86dc", cylon: "#d83a3a", sympathizer: "#9a6ad6" };

if (!document.querySelector("link[data-bsg-end-css]")) {
  document.head.append(el("link", { rel: "stylesheet", href: "/static/games/bsg/endscreen.css", "data-bsg-end-css": "" }));
}

function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Why the game ended: the result message's reason (or, without one, the whole message). */
function reasonOf(result, names) {
  if (!isMsg(result.msg)) return result.text || "";
  return saidParam(result.msg, "reason", names) || saidLine(result, names);
}

function loyaltyCard(card, shown) {
  return el("li", { class: `end-card team-${card.team}${shown ? " shown" : ""}`, style: `--c: ${TEAM_COLOURS[card.team] ?? "#8b97a7"}`,
    "data-end-card": card.id, "data-team": card.team },
  el("span", { class: "end-card-name" }, cardName(card)),
  el("span", { class: "end-card-team" }, teamName(card.team)));
}

function revealWords(player) {
  if (Number.isInteger(player.revealed_turn)) return t("bsg.end.revealedOnTurn", { n: player.revealed_turn });
  return player.revealed ? t("bsg.revealedCylon") : t("bsg.end.notRevealed");
}

/** A Cylon Leader's row: won or lost by their Motives (revealed ones first, face up). */
function leaderRow(player, won, ctx) {
  const motives = [...(player.motives_revealed || []).map((c) => [c, true]), ...(player.motives || []).map((c) => [c, false])];
  return el("li", { class: "end-player side-leader", "data-seat": player.seat, "data-side": "leader",
    style: `--seat: ${ctx.colour(player.seat)}` },
  el("div", { class: "end-player-head" },
    el("span", { class: "seat-dot", "aria-hidden": "true" }),
    el("b", {}, player.name),
    player.character ? el("span", { class: "muted" }, charName(player.character.id)) : null,
    el("span", { class: "badge end-side cylon" }, t("bsg.charType.cylon_leader"))),
  el("p", { class: "end-reveal", "data-leader-won": won ? "yes" : "no" },
    t(won ? "bsg.end.leaderWon" : "bsg.end.leaderLost")),
  el("ul", { class: "end-cards", "aria-label": t("bsg.end.motivesOf", { name: player.name }) },
    motives.map(([card, shown]) => loyaltyCard({ ...card, team: card.side }, shown))));
}

function playerRow(player, cylon, ctx, leaders) {
  if (player.leader) return leaderRow(player, Boolean(leaders.get(player.seat)), ctx);
  // Face up first (revealed, or a Sympathizer shown), then those still hidden at the end.
  const cards = [...(player.shown_loyalty || []).map((c) => [c, true]), ...(player.loyalty || []).map((c) => [c, false])];
  return el("li", { class: `end-player side-${cylon ? "cylon" : "human"}`, "data-seat": player.seat,
    "data-side": cylon ? "cylon" : "human", style: `--seat: ${ctx.colour(player.seat)}` },
  el("div", { class: "end-player-head" },
    el("span", { class: "seat-dot", "aria-hidden": "true" }),
    el("b", {}, player.name),
    player.character ? el("span", { class: "muted" }, charName(player.character.id)) : null,
    el("span", { class: `badge end-side ${cylon ? "cylon" : "human"}` }, teamName(cylon ? "cylon" : "human"))),
  cylon ? el("p", { class: "end-reveal", "data-reveal": player.revealed_turn ?? (player.revealed ? "yes" : "none") },
    revealWords(player)) : null,
  el("ul", { class: "end-cards", "aria-label": t("bsg.end.loyaltyOf", { name: player.name }) },
    cards.map(([card, shown]) => loyaltyCard(card, shown))));
}

/** The rematch button's place (static/js/rematch.js fills it): the same node from one drawing
 * to the next, so that what was put in it stays. */
function rematchSlot() {
  return document.getElementById("rematch") ?? el("div", { id: "rematch" });
}

/** The end screen of a finished game, or null while it runs. */
export function endScreen(body, ctx) {
  if (body.status !== "finished" || !body.result) return null;
  const { result } = body;
  const { view } = ctx;
  const cylons = new Set((result.cylons || []).filter((s) => view.players[s]));
  const leaders = new Map((result.leaders || []).map((x) => [x.seat, x.won]));
  const width = Math.min(760, (ctx.root.clientWidth || document.documentElement.clientWidth) - 40);
  return el("section", { class: `bsg-result bsg-end card result winner-${result.winner}`, "data-section": "result" },
    el("p", { class: "eyebrow" }, t("bsg.gameOver")),
    el("h2", {}, result.winner === "cylons" ? t("bsg.cylonsWin") : t("bsg.humansWin")),
    el("p", { class: "reason" }, capital(reasonOf(result, ctx.names))),
    cylons.size ? el("p", { class: "muted" }, t("bsg.theCylonsWere", { seat: [...cylons], names: ctx.names })) : null,
    ctx.replay ? null : rematchSlot(),
    el("h3", {}, t("bsg.end.whoWasWho")),
    el("ul", { class: "end-players" }, view.players.map((p) => playerRow(p, cylons.has(p.seat), ctx, leaders))),
    el("h3", {}, t("bsg.end.course")),
    courseChart(view.resources_by_turn, Math.max(280, width)));
}
