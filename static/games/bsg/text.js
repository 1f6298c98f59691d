// Prompts, choices and log lines come from the server in English. Where their structure is
// known (the prompt's kind, an option's action object, a log line's kind, data and wording) they
// are said again in the reader's language; anything unrecognised stays in English.
import { t, lang } from "/static/js/i18n/index.js";
import {
  areaFromName, areaName, cardDesc, charName, charType, locFromName, locName, names, resName,
  resourceList, ship, skillFromName, skillName, typeMix,
} from "./words.js";

const W = (s) => names(s);
const skillsList = (s) => s.split(" + ").map(skillFromName).join(" + ");
const ICONS = { "Activate raiders": "activate_raiders", "Launch raiders": "launch_raiders",
  "Activate heavy raiders": "activate_heavy_raiders", "Activate basestars": "activate_basestars" };
const DAMAGE = { "Critical Hit": "critical_hit", "Disabled Hangar": "disabled_hangar",
  "Disabled Weapons": "disabled_weapons", "Structural Damage": "structural_damage" };
const SHIPS = { raider: "raider", raiders: "raider", "heavy raider": "heavy_raider",
  "heavy raiders": "heavy_raider", basestar: "basestar", basestars: "basestar", viper: "viper",
  vipers: "viper", civilian: "civilian", civilians: "civilian", raptor: "raptor", raptors: "raptor" };
const shipName = (word, n = 1) => (SHIPS[word] ? ship(SHIPS[word], n) : word);

/** "Mandatory Testing (13, partial 9; Politics + Leadership)" → translated. */
function checkDesc(title, difficulty, partial, skills) {
  return t("bsg.checkDesc", { title, difficulty, skills: skillsList(skills),
    partial: partial ? t("bsg.checkPartial", { n: partial }) : "" });
}
const CHECK = String.raw`(.+) \((\d+)(?:, partial (\d+))?; ([A-Za-z +]+)\)`;

function why(text) {
  let m;
  if ((m = /^Moving to (.+)$/.exec(text))) return t("bsg.why.moving", { loc: locFromName(m[1]) });
  if ((m = /^Hand limit (\d+)$/.exec(text))) return t("bsg.why.handLimit", { n: m[1] });
  if ((m = /^In (.+): draw only (\d+)$/.exec(text))) return t("bsg.why.drawOnly", { loc: locFromName(m[1]), n: m[2] });
  if (text === "Revealed Cylon: draw 2 skill cards of any types") return t("bsg.why.revealedDraw");
  if (text === "Revealed: keep at most 3 skill cards") return t("bsg.why.revealedKeep");
  return locFromName(text);
}

const DECK_WORDS = { crisis: "crisis", destination: "destination", quorum: "quorum", loyalty: "loyalty",
  destiny: "destiny", "super crisis": "super_crisis", "civilian ship": "civilian_ship",
  "galactica damage": "galactica_damage" };
const WHEN = { "before a die roll": "before_die_roll", "when a viper is attacked": "after_viper_attacked",
  "before cards are added to a skill check": "before_check_cards",
  "after a skill check is totalled": "after_check_total" };

function windowMoment(text) {
  let m;
  if ((m = new RegExp(`^${CHECK} starts$`).exec(text))) return t("bsg.w.checkStarts", { check: checkDesc(m[1], m[2], m[3], m[4]) });
  if ((m = /^(.+): the total is (-?\d+)$/.exec(text))) return t("bsg.w.total", { title: locFromName(m[1]), n: m[2] });
  if ((m = /^(.+) is about to roll \((.+)\)$/.exec(text))) return t("bsg.w.roll", { who: W(m[1]), why: rollReason(m[2]) });
  if ((m = /^A viper is attacked: the roll is (\d+)$/.exec(text))) return t("bsg.w.viper", { n: m[1] });
  return W(text);
}

/** "Tactics +1, Leadership −4" and the like: the skill words translated. */
function skillWords(text) {
  return String(text).replace(/\b(Politics|Leadership|Tactics|Piloting|Engineering)\b/g, (m) => skillFromName(m));
}

function deckName(word) {
  const key = DECK_WORDS[String(word).toLowerCase()];
  return key ? t(`bsg.deck.${key}`) : word;
}

// ---- prompts -------------------------------------------------------------------------------

const PROMPTS = [
  [/^Choose your character$/, () => t("bsg.p.character")],
  [/^Choose your (\d+) starting skill cards \(from your skill set\)$/, (m) => t("bsg.p.startingHand", { n: m[1] })],
  [/^Receive Skills: split your (\w+)\/(\w+) (\d+)$/, (m) => t("bsg.p.split", { a: skillFromName(m[1]), b: skillFromName(m[2]), n: m[3] })],
  [/^Movement: move your character, or stay$/, () => t("bsg.p.movement")],
  [/^Choose your action$/, () => t("bsg.p.action")],
  [/^Choose your action \((\d+) left\)$/, (m) => t("bsg.p.actionLeft", { n: m[1] })],
  [new RegExp(`^${CHECK}: add a card (face down|face up), or stop \\(you have added (\\d+)\\)$`),
    (m) => t(m[5] === "face up" ? "bsg.p.skillCheckUp" : "bsg.p.skillCheck", { check: checkDesc(m[1], m[2], m[3], m[4]), n: m[6] })],
  [/^(.+): play a card\?$/, (m) => t("bsg.p.window", { moment: windowMoment(m[1]) })],
  [/^Use (.+?)( \(once per game\))?\? (.*)$/s, (m) => t(m[2] ? "bsg.p.abilityOnce" : "bsg.p.ability", { name: m[1] })],
  [/^Executive Order: move and take 1 action, or take 2 actions without moving$/, () => t("bsg.p.granted")],
  [/^Choose the Quorum card to resolve$/, () => t("bsg.p.quorumChoice")],
  [/^Decide the skill check without playing it$/, () => t("bsg.p.decideCheck")],
  [/^Name a skill type: its cards count 0 in this check$/, () => t("bsg.p.nameType")],
  [/^Choose a damage token to resolve$/, () => t("bsg.p.damageChoice")],
  [new RegExp(`^${CHECK}: use (.+)\\?$`), (m) => t("bsg.p.cardWindow", { check: checkDesc(m[1], m[2], m[3], m[4]), card: m[5] })],
  [/^Raiders activate: choose the next space area$/, () => t("bsg.p.raiderOrder")],
  [/^A raider in (.+) attacks: choose which piloted viper$/, (m) => t("bsg.p.raiderViper", { area: areaFromName(m[1]) })],
  [/^A raider in (.+) destroys a civilian ship: choose which$/, (m) => t("bsg.p.raiderCivilian", { area: areaFromName(m[1]) })],
  [/^Galactica's guns: choose the target$/, () => t("bsg.p.guns")],
  [/^Launch a nuke: choose the basestar$/, () => t("bsg.p.nuke")],
  [/^Viper activations left: (\d+)$/, (m) => t("bsg.p.vipers", { n: m[1] })],
  [/^Choose a viper in space to be damaged$/, () => t("bsg.p.damageViper")],
  [/^Move the civilian ship in (.+)\?$/, (m) => t("bsg.p.moveCivilian", { area: areaFromName(m[1]) })],
  [/^Communications: choose a civilian ship to look at$/, () => t("bsg.p.lookCivilian")],
  [/^Choose the Crisis card to resolve$/, () => t("bsg.p.crisisChoice")],
  [/^Choose the Super Crisis card to play$/, () => t("bsg.p.superCrisis")],
  [/^Choose whose skill cards to look at$/, () => t("bsg.p.stealWhom")],
  [/^Take one skill card from (.+)$/, (m) => t("bsg.p.stealTake", { who: W(m[1]) })],
  [/^Choose the destination of the jump$/, () => t("bsg.p.destination")],
  [/^You received the Sympathizer card: give it to another player, who must reveal it$/, () => t("bsg.p.sympathizer")],
  [/^Give your unrevealed loyalty cards to another player$/, () => t("bsg.p.giveLoyalty")],
  [/^Choose where (.+) goes$/, (m) => t("bsg.p.where", { who: W(m[1]) })],
  [/^Choose the deck to look at$/, () => t("bsg.p.peekDeck")],
  [/^Leave the top (\w+) card on top, or put it on the bottom$/, (m) => t("bsg.p.peekPlace", { deck: deckName(m[1]) })],
  [/^You received the Sympathizer card: you may give it to another player, who must reveal it$/, () => t("bsg.p.sympathizerMay")],
  [/^The top (\w+) card is (.+): leave it on top or put it on the bottom$/, (m) => t("bsg.p.peek", { deck: deckName(m[1]), card: m[2] })],
  [/^(.+): choose which skill cards to draw$/, (m) => t("bsg.p.drawMix", { why: why(m[1]) })],
  [/^(.+): discard (\d+) skill cards?$/, (m) => t("bsg.p.discard", { why: why(m[1]), n: Number(m[2]) })],
  [/^Too few (.+)s: choose where the next one goes$/, (m) => t("bsg.p.allocate", { ship: shipName(m[1], 5) })],
  [/^No viper is in the Reserves: choose an unmanned viper to bring back first$/, () => t("bsg.p.recall")],
  [/^Choose where to launch your viper$/, () => t("bsg.p.launch")],
  [/^Choose where to destroy a (.+)$/, (m) => t("bsg.p.destroyShip", { ship: shipName(m[1]) })],
  [/^Play a Quorum card$/, () => t("bsg.p.quorum")],
  [/^(.+): choose one$/, (m) => t("bsg.p.chooseOne", { title: locFromName(m[1]) })],
  [/^(.+): choose a character$/, (m) => t("bsg.p.chooseCharacter", { title: locFromName(m[1]) })],
];

function byPatterns(patterns, text) {
  for (const [re, make] of patterns) {
    const m = re.exec(text);
    if (m) return make(m);
  }
  return null;
}

const ADDING = new RegExp(`^${CHECK}: add a card (face down|face up), or stop \\(you have added \\d+\\)$`);

/** The English card or ability text a translated prompt leaves out of its heading. */
export function promptDetail(prompt) {
  if (lang() === "en") return null;
  const m = /^Use (.+?)( \(once per game\))?\? (.*)$/s.exec(prompt.text);
  return m ? m[3] : null;
}

/** A prompt's words; `others` words it for the players who wait (no "you"). */
export function promptText(prompt, { others = false } = {}) {
  const adding = others ? ADDING.exec(prompt.text) : null;
  if (adding) {
    return t(adding[5] === "face up" ? "bsg.p.addingUp" : "bsg.p.adding", { check: checkDesc(adding[1], adding[2], adding[3], adding[4]) });
  }
  if (lang() === "en") return prompt.text;
  return byPatterns(PROMPTS, prompt.text) ?? W(prompt.text);
}

// ---- options -------------------------------------------------------------------------------

function whenName(english) {
  const key = WHEN[english];
  return key ? t(`bsg.when.${key}`) : english;
}

function targetName(action, view) {
  const kind = action.kind ?? "basestar";
  const area = areaName(action.area);
  if (kind === "basestar") {
    const damage = view?.space?.[action.area]?.basestars?.[action.index]?.damage ?? 0;
    return damage ? t("bsg.target.basestarDamaged", { area, n: damage }) : t("bsg.target.basestar", { area });
  }
  return t("bsg.target.ship", { ship: ship(kind), area });
}

/** The words of an option's button, and an optional second line (a card's or location's text,
 * which stays in English). */
export function optionText(prompt, option, view) {
  const a = option.action || {};
  const label = option.label || "";
  const kind = prompt.kind;
  let m;
  const en = lang() === "en";
  const out = (text, detail = null) => ({ text, detail });
  switch (a.type) {
    case "stay":
      return out(kind === "civilians" ? t("bsg.opt.leaveIt") : t("bsg.opt.stay"));
    case "pass":
      return out(kind === "window" ? t("bsg.opt.passWindow") : t("bsg.opt.pass"));
    case "autopass":
      return out(t("bsg.opt.autopass", { when: whenName((/always pass (.+)$/.exec(label) || [])[1]) }));
    case "autopass_off":
      return out(t("bsg.opt.autopassOff", { when: t(`bsg.when.${a.timing}`, { fallback: a.timing }) }));
    case "play":
    case "skill_card":
      if ((m = /^Play (.+?\)): (.*)$/s.exec(label))) return out(t("bsg.opt.playCard", { card: cardDesc(m[1]) }), m[2]);
      break;
    case "reveal":
      if ((m = /^Reveal: (.+?) — (.*)$/s.exec(label))) return out(t("bsg.opt.reveal", { card: m[1] }), m[2]);
      break;
    case "skip":
      return out(t("bsg.opt.skip"));
    case "two":
      return out(t("bsg.opt.grantedTwo"));
    case "result":
      return out(t(a.outcome === "pass" ? "bsg.opt.itPasses" : "bsg.opt.itFails"));
    case "type":
      return out(skillName(a.skill));
    case "token":
      return out(damageToken(label));
    case "done":
      return out(kind === "vipers" ? t("bsg.opt.stopVipers") : t("bsg.opt.addNoMore"));
    case "move":
      if (kind === "granted") return out(t("bsg.opt.grantedMove"));
      if (kind === "movement") {
        const text = label.startsWith("Leave your viper") ? t("bsg.opt.leaveViper", { loc: locName(a.to) })
          : t("bsg.opt.moveTo", { loc: locName(a.to) });
        return out(label.includes("(discard 1 skill card)") ? `${text} ${t("bsg.opt.discardCost")}` : text);
      }
      if (kind === "civilians") return out(t("bsg.opt.moveItTo", { area: areaName(a.to) }));
      if (a.area) {
        const key = label.includes("your viper") ? "bsg.opt.moveYourViper" : "bsg.opt.moveViper";
        return out(t(key, { from: areaName(a.area), to: areaName(a.to) }));
      }
      break;
    case "fly":
      return out(t("bsg.opt.fly", { area: areaName(a.to) }));
    case "location":
      if (kind === "action") {
        const detail = (m = /^Activate .+?: (.*)$/s.exec(label)) ? m[1] : null;
        return out(t("bsg.opt.activate", { loc: locName(a.location) }), detail);
      }
      return out(locName(a.location));
    case "title":
      return out(t(a.title === "president" ? "bsg.opt.presidentAction" : "bsg.opt.admiralAction"));
    case "viper":
      if (kind === "action") return out(t("bsg.opt.activateViper"));
      if (kind === "damage_vipers" || kind === "raider_target") {
        const who = (m = /^(.+)'s viper/.exec(label)) ? t("bsg.opt.pilotViper", { who: W(m[1]) }) : t("bsg.opt.unmannedViper");
        return out(a.area ? `${who} — ${areaName(a.area)}` : who);
      }
      break;
    case "quorum":
      if (kind === "quorum_choice" && (m = /^(.+?): (.*)$/s.exec(label))) return out(m[1], m[2]);
      if ((m = /^Play Quorum card (.+?): (.*)$/s.exec(label))) return out(t("bsg.opt.playQuorum", { card: m[1] }), m[2]);
      if ((m = /^Play (.+)$/.exec(label))) return out(t("bsg.opt.playQuorum", { card: m[1] }));
      break;
    case "add":
      return out(t("bsg.opt.add", { card: cardDesc(label.replace(/^Add /, "")) }));
    case "discard":
      return out(t("bsg.opt.discard", { card: cardDesc(label.replace(/^Discard /, "")) }));
    case "take":
      return out(t("bsg.opt.take", { card: cardDesc(label.replace(/^Take /, "")) }));
    case "draw":
    case "split":
      return out(typeMix(label));
    case "character":
      if (kind === "character") {
        return out(`${charName(a.character)} · ${charType((/\((\w+)\) —/.exec(label) || [])[1] || "")}`,
          (m = / — (.*)$/s.exec(label)) ? m[1] : null);
      }
      if (a.ability) {
        if ((m = /^(.+?)( \(once per game\))?: (.*)$/s.exec(label))) {
          return out(t(m[2] ? "bsg.opt.abilityOnce" : "bsg.opt.ability", { name: m[1] }), m[3]);
        }
        break;
      }
      return out(a.seat === null || a.seat === undefined ? t("bsg.opt.nobody") : W(label));
    case "choose":
      if ((m = /^Skill check \((\d+), ([A-Za-z +]+)\)$/.exec(label))) {
        return out(t("bsg.opt.skillCheck", { n: m[1], skills: skillsList(m[2]) }));
      }
      return out(label);
    case "area": {
      const name = areaName(a.area);
      if ((m = /\((\d+) wanted\)$/.exec(label))) return out(`${name} · ${t("bsg.opt.wanted", { n: Number(m[1]) })}`);
      if ((m = /\((\d+) raiders?\)$/.exec(label))) return out(`${name} · ${m[1]} ${ship("raider", Number(m[1]))}`);
      return out(name);
    }
    case "civilian":
      return out(t("bsg.opt.civilian", { n: a.index + 1 }));
    case "look":
      return out(t("bsg.opt.lookCivilian", { n: a.index + 1, area: areaName(a.area) }));
    case "target":
      if (kind === "steal") return out(W(label));
      return out(t(kind === "nuke" ? "bsg.opt.nukeTarget" : "bsg.opt.fireAt", { target: targetName(a, view) }));
    case "attack":
      return out(t("bsg.opt.attack", { target: targetName(a, view) }));
    case "launch":
      return out(t("bsg.opt.launchInto", { area: areaName(a.area) }));
    case "destination":
      if ((m = /^(.+?) \(distance (\d+)\): (.*)$/s.exec(label))) {
        return out(t("bsg.opt.destination", { card: m[1], n: m[2] }), m[3]);
      }
      break;
    case "give":
      if ((m = /^Give it to (.+)$/.exec(label))) return out(t("bsg.opt.giveTo", { who: W(m[1]) }));
      return out(W(label));
    case "deck":
      return out(deckName((/^The (\w+) deck$/.exec(label) || [])[1] || a.deck));
    case "place":
      return out(t(a.where === "top" ? "bsg.opt.top" : "bsg.opt.bottom"));
    case "use":
      if ((m = /^Use (.+): difficulty ([+−])(\d+)$/.exec(label))) {
        return out(t("bsg.opt.useCard", { card: m[1], change: `${m[2]}${m[3]}` }));
      }
      if ((m = /^Use (.+)$/.exec(label))) return out(t("bsg.opt.use", { name: m[1] }));
      break;
    case "keep":
      if (kind === "sympathizer") return out(t("bsg.opt.keepSympathizer"));
      return out(t("bsg.opt.dontUse", { card: label.replace(/^(Keep|Do not use) /, "") }));
    default:
      break;
  }
  return out(en ? label : W(label));
}

// ---- the log -------------------------------------------------------------------------------

function outcomeWord(word) {
  return t(`bsg.outcome.${{ passed: "pass", "partly passed": "partial", failed: "fail" }[word] ?? word}`);
}

function shipsArrive(summary) {
  return summary.split("; ").map((part) => {
    const [area, list] = part.split(": ");
    const ships = (list || "").split(", ").map((item) => {
      const m = /^(\d+) (.+)$/.exec(item);
      return m ? `${m[1]} ${shipName(m[2], Number(m[1]))}` : item;
    }).join(", ");
    return `${areaFromName(area)}: ${ships}`;
  }).join("; ");
}

function damageToken(name) {
  let m;
  if ((m = /^(.+) damaged$/.exec(name))) return t("bsg.log.locationDamaged", { loc: locFromName(m[1]) });
  if ((m = /^(Fuel|Food) loss$/.exec(name))) return t("bsg.log.resourceLoss", { res: resName(m[1].toLowerCase()), resLower: resName(m[1].toLowerCase()).toLowerCase() });
  return name;
}

function rollReason(text) {
  let m;
  if ((m = /^(raider|viper|galactica|basestar|heavy raider) attacks (raider|viper|galactica|basestar|heavy raider)$/.exec(text))) {
    const who = (w) => (w === "galactica" ? "Galactica" : shipName(w));
    return t("bsg.roll.attack", { a: who(m[1]), b: who(m[2]) });
  }
  if ((m = /^risking a (\w+)$/.exec(text))) return t("bsg.roll.risk", { ship: shipName(m[1]) });
  if (text === "attacking a centurion") return t("bsg.roll.centurion");
  if (text === "nuke") return t("bsg.roll.nuke");
  if (text === "die roll") return t("bsg.roll.die");
  return locFromName(text);
}

function winReason(text) {
  let m;
  if ((m = /^the fleet ran out of (.+)$/.exec(text))) {
    return t("bsg.win.ranOut", { what: m[1].split(" and ").map((r) => resName(r).toLowerCase()).join(t("bsg.and")) });
  }
  if (text === "Galactica was destroyed: six of its locations are damaged") return t("bsg.win.galactica");
  if (text === "centurions took Galactica") return t("bsg.win.centurions");
  if (text === "the fleet made the final jump and reached Kobol") return t("bsg.win.kobol");
  return text;
}

/** Why the game ended, as a sentence (the winner is said separately). */
export function resultReason(result) {
  const m = /^The (Cylons|humans) win: (.+)$/.exec(result?.text || "");
  if (!m) return result?.text || "";
  const reason = lang() === "en" ? m[2] : winReason(m[2]);
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

export function resultText(result) {
  if (!result) return "";
  const m = /^The (Cylons|humans) win: (.+)$/.exec(result.text || "");
  if (!m || lang() === "en") return result.text || "";
  return t(m[1] === "Cylons" ? "bsg.win.cylons" : "bsg.win.humans", { reason: winReason(m[2]) });
}

const N = String.raw`(\d+)`;
const LOG = [
  // Lines that start with a fixed word first: their free text (a card's) may look like anything.
  [/^Crisis: (.+?) — (.*)$/s, (m) => t("bsg.log.crisis", { card: m[1], text: m[2] })],
  [/^Ships arrive — (.+)$/, (m) => t("bsg.log.shipsArrive", { ships: shipsArrive(m[1]) })],
  [/^Activate Cylon ships: (.+)$/, (m) => t("bsg.log.activation", { icons: m[1].split(", ").map((i) => (ICONS[i] ? t(`bsg.icon.${ICONS[i]}`) : i)).join(", ") })],
  [/^Basestars launch (raiders|heavy raiders): (.+)$/, (m) => t("bsg.log.basestarsLaunch", { ship: shipName(m[1], 5),
    where: m[2].split(", ").map((part) => {
      const x = /^(\d+) in (.+)$/.exec(part);
      return x ? `${x[1]} — ${areaFromName(x[2])}` : part;
    }).join(", ") })],
  [/^Galactica is not hit$/, () => t("bsg.log.galacticaNotHit")],
  [/^The viper is not hit$/, () => t("bsg.log.viperNotHit")],
  [/^Turn (\d+): (.+)$/, (m) => t("bsg.log.turn", { n: m[1], who: W(m[2]) })],
  [/^(.+) is the first player$/, (m) => t("bsg.log.first", { who: W(m[1]) })],
  [/^(.+) plays (.+)$/, (m, e) => (e.kind === "setup" ? t("bsg.log.plays", { who: m[1], character: W(m[2]) }) : null)],
  [/^(.+) is stranded and joins the fleet later$/, (m) => t("bsg.log.stranded", { who: W(m[1]) })],
  [/^(.+) is now the (President|Admiral)$/, (m) => t(m[2] === "President" ? "bsg.log.nowPresident" : "bsg.log.nowAdmiral", { who: W(m[1]) })],
  [/^(.+) is now in (.+)$/, (m) => t("bsg.log.nowIn", { who: W(m[1]), loc: locFromName(m[2]) })],
  [/^(.+) flies to (.+)$/, (m) => t("bsg.log.flies", { who: W(m[1]), area: areaFromName(m[2]) })],
  [/^(.+) does nothing$/, (m) => t("bsg.log.nothing", { who: W(m[1]) })],
  [/^(.+) activates (.+)$/, (m) => t("bsg.log.activates", { who: W(m[1]), loc: locFromName(m[2]) })],
  [/^(.+) uses the (President|Admiral)'s action$/, (m) => t(m[2] === "President" ? "bsg.log.presidentAction" : "bsg.log.admiralAction", { who: W(m[1]) })],
  [new RegExp(`^Skill check: ${CHECK}\\. Two Destiny cards are added\\.$`), (m) => t("bsg.log.checkStart", { check: checkDesc(m[1], m[2], m[3], m[4]) })],
  [/^(.+) added (\d+) cards?$/, (m) => t("bsg.log.added", { who: W(m[1]), n: Number(m[2]) })],
  [/^(.+): the difficulty is now (\d+)$/, (m) => t("bsg.log.difficulty", { card: m[1], n: m[2] })],
  [/^(.+): (-?\d+) against (\d+) — (passed|partly passed|failed)(?: \((.*)\))?$/, (m) => t("bsg.log.checkResult", { title: locFromName(m[1]), total: m[2], difficulty: m[3], outcome: outcomeWord(m[4]) })],
  [/^(.+): (passed|partly passed|failed) \(decided without a check\)$/, (m) => t("bsg.log.decided", { title: locFromName(m[1]), outcome: outcomeWord(m[2]) })],
  [/^(.+): the cards are (.+); total (-?\d+)$/, (m) => t("bsg.log.checkCards", { title: locFromName(m[1]), cards: m[2] === "none" ? t("bsg.nothing") : skillWords(m[2]), total: m[3] })],
  [/^(.+) adds (.+) face up$/, (m) => t("bsg.log.addsFaceUp", { who: W(m[1]), card: cardDesc(m[2]) })],
  [/^Every card of this check is added face up \(Destiny: (.+)\)$/, (m) => t("bsg.log.faceUp", { cards: cardDesc(m[1]) })],
  [/^The difficulty is now (\d+)$/, (m) => t("bsg.log.difficultyNow", { n: m[1] })],
  [/^(.+) decides: the check (pass|fail)s$/, (m) => t("bsg.log.decides", { who: W(m[1]), outcome: t(`bsg.outcome.${m[2]}`) })],
  [/^(.+) names (\w+): those cards count 0$/, (m) => t("bsg.log.namesType", { who: W(m[1]), type: skillFromName(m[2]) })],
  [/^(.+) takes the (\d+) cards of the check into hand$/, (m) => t("bsg.log.takesCheckCards", { who: W(m[1]), n: Number(m[2]) })],
  [/^(.+) plays (.+ \((?:Politics|Leadership|Tactics|Piloting|Engineering) \d+\))$/, (m) => t("bsg.log.playsCard", { who: W(m[1]), card: cardDesc(m[2]) })],
  [/^(.+) reveals: (.+)!$/, (m) => t("bsg.log.revealsCard", { who: W(m[1]), card: m[2] })],
  [/^(.+) draws (\d+) Galactica damage tokens$/, (m) => t("bsg.log.drawsDamage", { who: W(m[1]), n: Number(m[2]) })],
  [/^You draw the damage tokens (.+)$/, (m) => t("bsg.log.youDrawDamage", { tokens: m[1].split(", ").map(damageToken).join(", ") })],
  [/^You draw the Quorum cards (.+)$/, (m) => t("bsg.log.youDrewQuorum", { cards: m[1] })],
  [/^(.+) draws (\d+) Quorum cards$/, (m) => t("bsg.log.drewQuorum", { who: W(m[1]), n: Number(m[2]) })],
  [/^(.+) resolves the Quorum card (.+)$/, (m) => t("bsg.log.resolvesQuorum", { who: W(m[1]), card: m[2] })],
  [/^The choice is changed to: (.+)$/, (m) => t("bsg.log.choiceChanged", { option: m[1] })],
  [/^(.+) jumps into the viper in (.+)$/, (m) => t("bsg.log.jumpsIntoViper", { who: W(m[1]), area: areaFromName(m[2]) })],
  [/^The die is rolled again$/, () => t("bsg.log.reroll")],
  [/^The centurion survives$/, () => t("bsg.log.centurionSurvives")],
  [/^You drew (.+)$/, (m, e) => (e.kind === "draw" ? t("bsg.log.youDrew", { cards: cardDesc(m[1]) }) : null)],
  [/^(.+) drew (\d+ (?:Politics|Leadership|Tactics|Piloting|Engineering)(?:, \d+ \w+)*)$/, (m) => t("bsg.log.drew", { who: W(m[1]), what: typeMix(m[2]) })],
  [/^(.+) discarded (.+)$/, (m) => t("bsg.log.discarded", { who: W(m[1]), card: cardDesc(m[2]) })],
  [/^(Fuel|Food|Morale|Population) ([+−])(\d+) \(now (\d+)\)$/, (m) => t("bsg.log.resource", { res: resName(m[1].toLowerCase()), resLower: resName(m[1].toLowerCase()).toLowerCase(), delta: `${m[2] === "+" ? "+" : "−"}${m[3]}`, value: m[4] })],
  [/^(.+) is in the Brig and draws no Crisis card$/, (m) => t("bsg.log.brigNoCrisis", { who: W(m[1]) })],
  [/^You draw the Destination cards (.+)$/, (m) => t("bsg.log.youDrawDestinations", { cards: m[1] })],
  [/^You draw (.+)$/, (m) => t("bsg.log.youDrawCrises", { cards: m[1] })],
  [/^(.+) draws (\d+) Crisis cards$/, (m) => t("bsg.log.drawsCrises", { who: W(m[1]), n: Number(m[2]) })],
  [/^(.+) draws (\d+) Destination cards$/, (m) => t("bsg.log.drawsDestinations", { who: W(m[1]), n: Number(m[2]) })],
  [/^Prepare for jump$/, () => t("bsg.log.prepareJump")],
  [/^The fleet token moves to jump track space (\d+) of (\d+)$/, (m) => t("bsg.log.jumpTrack", { n: m[1], max: m[2] })],
  [/^The fleet token reaches Auto-Jump$/, () => t("bsg.log.autoJump")],
  [/^The fleet jumps$/, () => t("bsg.log.jumps")],
  [/^The final jump found a resource at 0: no victory yet$/, () => t("bsg.log.noVictory")],
  [/^(.+) chose (.+) \(distance (\d+)\); the other card goes to the bottom of the deck$/, (m) => t("bsg.log.choseDestination", { who: W(m[1]), card: m[2], n: m[3] })],
  [/^Distance travelled: (\d+)$/, (m) => t("bsg.log.distance", { n: m[1] })],
  [/^Kobol is within reach: the next jump wins if no resource is empty$/, () => t("bsg.log.kobol")],
  [/^The centurions advance on the Boarding Party track$/, () => t("bsg.log.centurionsAdvance")],
  [/^A heavy raider lands its centurions aboard Galactica$/, () => t("bsg.log.heavyLands")],
  [/^A centurion boards Galactica$/, () => t("bsg.log.centurionBoards")],
  [/^(?:A|The) centurion is destroyed$/, () => t("bsg.log.centurionDestroyed")],
  [/^A basestar in (.+) launches (\d+) (raiders?|heavy raiders?)$/, (m) => t("bsg.log.basestarLaunches", { area: areaFromName(m[1]), n: m[2], ship: shipName(m[3], Number(m[2])) })],
  [/^(\d+) heavy raiders? moves? to (.+)$/, (m) => t("bsg.log.heavyMove", { n: Number(m[1]), area: areaFromName(m[2]) })],
  [/^A raider moves from (.+) to (.+)$/, (m) => t("bsg.log.raiderMoves", { from: areaFromName(m[1]), to: areaFromName(m[2]) })],
  [/^A viper moves from (.+) to (.+)$/, (m) => t("bsg.log.viperMoves", { from: areaFromName(m[1]), to: areaFromName(m[2]) })],
  [/^A viper is destroyed in (.+)$/, (m) => t("bsg.log.viperDestroyed", { area: areaFromName(m[1]) })],
  [/^A viper is damaged in (.+)$/, (m) => t("bsg.log.viperDamaged", { area: areaFromName(m[1]) })],
  [/^A basestar in (.+) is damaged: (.+)$/, (m) => t("bsg.log.basestarDamaged", { area: areaFromName(m[1]), token: DAMAGE[m[2]] ? t(`bsg.damage.${DAMAGE[m[2]]}`) : m[2] })],
  [/^A basestar is destroyed in (.+)$/, (m) => t("bsg.log.shipDestroyed", { ship: ship("basestar"), area: areaFromName(m[1]) })],
  [/^An? (raider|heavy raider|basestar|viper) is destroyed in (.+)$/, (m) => t("bsg.log.shipDestroyed", { ship: shipName(m[1]), area: areaFromName(m[2]) })],
  [/^The attack misses$/, () => t("bsg.log.miss")],
  [/^A viper launches into (.+)$/, (m) => t("bsg.log.viperLaunches", { area: areaFromName(m[1]) })],
  [/^(\d+) vipers? in the Reserves damaged$/, (m) => t("bsg.log.reservesDamaged", { n: Number(m[1]) })],
  [/^(.+) moves a civilian ship to (.+)$/, (m) => t("bsg.log.civilianMoved", { who: W(m[1]), area: areaFromName(m[2]) })],
  [/^(.+) launches in a viper into (.+)$/, (m) => t("bsg.log.pilotLaunches", { who: W(m[1]), area: areaFromName(m[2]) })],
  [/^Not enough (.+)s are left for every placement$/, (m) => t("bsg.log.notEnough", { ship: shipName(m[1], 5) })],
  [/^(\d+) raptors? destroyed$/, (m) => t("bsg.log.raptorsDestroyed", { n: Number(m[1]) })],
  [/^No (\w+) can be risked: none in the Reserves$/, (m) => t("bsg.log.noRisk", { ship: shipName(m[1]) })],
  [/^The (\w+) is destroyed$/, (m) => t("bsg.log.theShipDestroyed", { ship: shipName(m[1]) })],
  [/^Every viper in space returns to the Reserves$/, () => t("bsg.log.vipersReturn")],
  [/^An unmanned viper returns from (.+)$/, (m) => t("bsg.log.viperReturns", { area: areaFromName(m[1]) })],
  [/^(.+) rolled (\d+(?:[+-]\d+ = \d+)?) \((.+)\)$/, (m) => t("bsg.log.rolled", { who: W(m[1]), n: m[2], why: rollReason(m[3]) })],
  [/^(.+) chose: (.+)$/, (m) => {
    const check = /^Skill check \((\d+), ([A-Za-z +]+)\)$/.exec(m[2]);
    return t("bsg.log.choseOption", { who: W(m[1]), option: check ? t("bsg.opt.skillCheck", { n: check[1], skills: skillsList(check[2]) }) : m[2] });
  }],
  [/^(.+) chose (.+)$/, (m) => t("bsg.log.choseCharacter", { who: W(m[1]), whom: W(m[2]) })],
  [/^Galactica is damaged: (.+)$/, (m) => t("bsg.log.galacticaDamaged", { token: damageToken(m[1]) })],
  [/^(\d+) raptors? back in the Reserves$/, (m) => t("bsg.log.raptorsBack", { n: Number(m[1]) })],
  [/^(\d+) vipers? repaired$/, (m) => t("bsg.log.vipersRepaired", { n: Number(m[1]) })],
  [/^(.+) is repaired$/, (m) => t("bsg.log.repaired", { loc: locFromName(m[1]) })],
  [/^A civilian ship is destroyed: lost (.+)$/, (m) => t("bsg.log.civilianDestroyed", { what: m[1] === "nothing" ? t("bsg.nothing") : resourceList(m[1]) })],
  [/^Civilian ship (\d+) in (.+): (.+)$/, (m) => t("bsg.log.civilianSeen", { n: m[1], area: areaFromName(m[2]), card: resourceList(m[3]) })],
  [/^(.+) looks at a civilian ship in (.+)$/, (m) => t("bsg.log.looksCivilian", { who: W(m[1]), area: areaFromName(m[2]) })],
  [/^The Admiral launches a nuke \((\d+) left\)$/, (m) => t("bsg.log.nukeLaunched", { n: Number(m[1]) })],
  [/^The blast destroys (\d+) raiders?$/, (m) => t("bsg.log.blast", { n: Number(m[1]) })],
  [/^The Admiral now has (\d+) nukes?$/, (m) => t("bsg.log.nukesLeft", { n: Number(m[1]) })],
  [/^(.+) drew (\d+) Quorum cards?$/, (m) => t("bsg.log.drewQuorum", { who: W(m[1]), n: Number(m[2]) })],
  [/^You drew the Quorum cards? (.+)$/, (m) => t("bsg.log.youDrewQuorum", { cards: m[1] })],
  [/^(.+) plays the Quorum card (.+)$/, (m) => t("bsg.log.playsQuorum", { who: W(m[1]), card: m[2] })],
  [/^You received a loyalty card: (.+)$/, (m) => t("bsg.log.youReceivedLoyalty", { card: m[1] })],
  [/^(.+) received a loyalty card$/, (m) => t("bsg.log.receivedLoyalty", { who: W(m[1]) })],
  [/^(.+) reveals: You Are a Sympathizer$/, (m) => t("bsg.log.revealsSympathizer", { who: W(m[1]) })],
  [/^(.+) gives the Sympathizer card to (.+)$/, (m) => t("bsg.log.givesSympathizer", { who: W(m[1]), whom: W(m[2]) })],
  [/^Nobody may look at loyalty cards now$/, () => t("bsg.log.noLook")],
  [/^You looked at (.+)'s loyalty: (.+)$/, (m) => t("bsg.log.youLooked", { whom: W(m[1]), cards: m[2] })],
  [/^(.+) looked at (\d+) of your loyalty cards$/, (m) => t("bsg.log.lookedAtYours", { who: W(m[1]), n: Number(m[2]) })],
  [/^(.+) looked at (\d+) loyalty cards? of (.+)$/, (m) => t("bsg.log.lookedAt", { who: W(m[1]), n: Number(m[2]), whom: W(m[3]) })],
  [/^(.+) gives (\d+) loyalty cards? to (.+)$/, (m) => t("bsg.log.givesLoyalty", { who: W(m[1]), n: Number(m[2]), whom: W(m[3]) })],
  [/^Sleeper Agent phase: every player receives a loyalty card$/, () => t("bsg.log.sleeper")],
  [/^(.+) is a revealed Cylon$/, (m) => t("bsg.log.revealed", { who: W(m[1]) })],
  [/^(.+) discards the Super Crisis card (.+)$/, (m) => t("bsg.log.discardsSuper", { who: W(m[1]), card: m[2] })],
  [/^You drew the Super Crisis card (.+)$/, (m) => t("bsg.log.youDrewSuper", { card: m[1] })],
  [/^(.+) drew a Super Crisis card$/, (m) => t("bsg.log.drewSuper", { who: W(m[1]) })],
  [/^You see (.+)'s hand: (.+)$/, (m) => t("bsg.log.seeHand", { whom: W(m[1]), cards: cardDesc(m[2]) })],
  [/^You took (.+)$/, (m) => t("bsg.log.youTook", { card: cardDesc(m[1]) })],
  [/^(.+) took a skill card from (.+)$/, (m) => t("bsg.log.took", { who: W(m[1]), whom: W(m[2]) })],
  [/^(.+) is removed from the game$/, (m) => t("bsg.log.removed", { card: m[1] })],
  [/^(.+) stays in play in front of (.+)$/, (m) => t("bsg.log.staysBefore", { card: m[1], who: W(m[2]) })],
  [/^(.+) stays in play$/, (m) => t("bsg.log.stays", { card: m[1] })],
  [/^(.+) is discarded$/, (m) => t("bsg.log.cardDiscarded", { card: m[1] })],
  [/^You look at the top (\w+) card: (.+)$/, (m) => t("bsg.log.youPeek", { deck: deckName(m[1]), card: m[2] })],
  [/^(.+) looked at the top (\w+) card and (left it on top|put it on the bottom)$/, (m) => t(m[3] === "left it on top" ? "bsg.log.peekTop" : "bsg.log.peekBottom", { who: W(m[1]), deck: deckName(m[2]) })],
  [/^(.+) uses (.+)$/, (m) => t("bsg.log.uses", { who: W(m[1]), what: m[2] })],
  [/^(.+): (.+)$/, (m, e) => (e.kind === "ability" ? t("bsg.log.abilityFires", { who: W(m[1]), what: m[2] }) : null)],
  [/^The (Cylons|humans) win: (.+)$/, (m) => t(m[1] === "Cylons" ? "bsg.win.cylons" : "bsg.win.humans", { reason: winReason(m[2]) })],
  [/^The (.+) deck is reshuffled from its discards$/, (m) => t("bsg.log.reshuffled", { deck: skillFromName(m[1]) === m[1] ? deckName(m[1]) : skillName(m[1].toLowerCase()) })],
  [/^A new Destiny deck is built from the skill decks$/, () => t("bsg.log.destiny")],
];

/** A log line in the reader's language (entry: {kind, text, data}). */
export function logText(entry) {
  const text = entry.text || "";
  if (lang() === "en") return text;
  for (const [re, make] of LOG) {
    const m = re.exec(text);
    if (!m) continue;
    const said = make(m, entry);
    if (said !== null && said !== undefined) return said;
  }
  return W(text);
}
