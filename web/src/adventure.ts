// The Hobbit Adventure Boardgame on the live table: the map (tap a reachable place to
// travel), whose turn and what is awaited, the fight with its three dice, the riddle duel,
// your pack and every decision the rules allow you now, free actions included.
import { button, h, rich, section } from "./dom";
import { drawMap, type Token } from "./map";
import type { Ctx } from "./types";

interface Decision {
  decision: Record<string, unknown>;
  label: string;
  group: "main" | "travel" | "toggle" | "free";
  to?: string;
  where?: string;
  items?: number[];
}

let toggled = new Set<number>();
let toggledFor = -1;

function decide(ctx: Ctx, d: Decision): void {
  ctx.send({ type: "decide", version: ctx.mine!.version, decision: d.decision });
}

function hobbit(ctx: Ctx, x: any): HTMLElement {
  const c = ctx.hello.chrome;
  const me = x.id === ctx.hello.player;
  const kit = [...x.equipment, ...x.companions, ...x.treasures].join(", ");
  return h(
    "li",
    { class: `hobbit${x.active ? " turn" : ""}${x.out ? " out" : ""}`, "data-seat": x.id, "aria-current": x.active ? "true" : undefined },
    h(
      "div",
      { class: "seat-head" },
      h(
        "b",
        {},
        h("span", { class: "swatch", style: `background:${x.colour}`, "aria-hidden": "true" }),
        ` ${x.active ? "▶ " : ""}${x.name}${me ? ` (${c.seat_you})` : ""}`,
      ),
      h("span", { class: "tally" }, `❤️ ${x.lp} ${c.lp} · 💰 ${x.gp} ${c.gp}`),
    ),
    h("div", { class: "marks" }, `📍 ${x.place_name} · ${c.talismans}: ${x.talisman_text}`),
    kit ? h("div", { class: "marks" }, `${c.equipment}: ${kit}`) : null,
    x.secret ? h("div", { class: "marks" }, x.secret_text) : null,
  );
}

function fight(ctx: Ctx, t: any): HTMLElement | null {
  const f = t.fight;
  if (!f) return null;
  return section(
    ctx.hello.chrome.fight,
    t.fight_text ? h("p", {}, rich(t.fight_text)) : null,
    f.dice.length
      ? h("div", { class: "dice", role: "img", "aria-label": `${ctx.hello.chrome.dice}: ${f.dice.join(" ")} = ${f.result}` },
          f.dice.map((d: string) => h("span", { class: "die" }, d.replace(/[[\]]/g, ""))), h("span", { class: "result" }, `= ${f.result}`))
      : null,
    h("p", { class: "sub" }, f.rerolls_text),
  );
}

function toggles(ctx: Ctx, mine: any, decisions: Decision[]): HTMLElement | null {
  const tg = mine.toggle;
  if (!tg) return null;
  const sets = decisions.filter((d) => d.group === "toggle");
  const key = (xs: number[]) => [...xs].sort((a, b) => a - b).join(",");
  const chosen = sets.find((d) => key(d.items ?? []) === key([...toggled]));
  return h(
    "div",
    { class: "toggles", role: "group", "aria-label": tg.hint },
    h("p", { class: "question" }, rich(tg.hint)),
    h("div", { class: "options" }, tg.items.map((label: string, i: number) => {
      const on = toggled.has(i);
      return button(`${on ? "✅ " : ""}${label}`, () => {
        if (on) toggled.delete(i);
        else toggled.add(i);
        ctx.redraw();
      }, { class: `toggle${on ? " on" : ""}`, "aria-pressed": on ? "true" : "false", "aria-label": label, "data-item": i });
    })),
    button(chosen ? chosen.label : tg.none, () => chosen && decide(ctx, chosen), {
      class: "primary submit",
      disabled: !chosen,
    }),
  );
}

function panel(ctx: Ctx): HTMLElement | null {
  const frame = ctx.mine;
  if (!frame) return null;
  const mine = frame.private;
  const c = ctx.hello.chrome;
  if (toggledFor !== frame.version) {
    toggled = new Set();
    toggledFor = frame.version;
  }
  const decisions = mine.decisions as Decision[];
  const main = decisions.filter((d) => d.group === "main");
  const travel = decisions.filter((d) => d.group === "travel");
  const free = decisions.filter((d) => d.group === "free");
  return section(
    c.decide,
    mine.prompt ? h("p", { class: "prompt" }, rich(mine.prompt)) : null,
    mine.fight.length ? h("ul", { class: "count" }, mine.fight.map((l: string) => h("li", {}, rich(l)))) : null,
    toggles(ctx, mine, decisions),
    main.length ? h("div", { class: "options" }, main.map((d) => button(d.label, () => decide(ctx, d), { class: "option" }))) : null,
    travel.length
      ? h("details", { class: "travel", open: travel.length <= 8 },
          h("summary", {}, c.travel),
          h("div", { class: "options" }, travel.map((d) => button(d.label, () => decide(ctx, d), { class: "option", "data-place": d.to }))))
      : null,
    free.length ? h("div", { class: "free" }, h("h3", {}, c.free), h("div", { class: "options" }, free.map((d) => button(d.label, () => decide(ctx, d), { class: "option" })))) : null,
    mine.undo
      ? h("div", { class: "options undo" },
          button("↩️ " + c.undo, () => ctx.send({ type: "undo", version: frame.version }), { class: "option", title: c.undo_hint, "aria-label": c.undo }))
      : null,
  );
}

function pack(ctx: Ctx): HTMLElement | null {
  const mine = ctx.mine?.private;
  if (!mine || !(mine.riddles.length || mine.magic.length)) return null;
  const c = ctx.hello.chrome;
  return section(
    c.your_pack,
    mine.riddles.length ? h("div", {}, h("h3", {}, c.riddles), h("ul", {}, mine.riddles.map((r: any) => h("li", {}, rich(r.text))))) : null,
    mine.magic.length ? h("div", {}, h("h3", {}, c.magic), h("ul", {}, mine.magic.map((r: any) => h("li", {}, rich(r.text))))) : null,
  );
}

export function renderAdventure(ctx: Ctx): HTMLElement {
  const t = ctx.table!.table;
  const c = ctx.hello.chrome;
  const st = ctx.hello.static;
  const travel = ((ctx.mine?.private.decisions ?? []) as Decision[]).filter((d) => d.group === "travel");
  const reach = new Map(travel.map((d) => [d.to!, d.label]));
  const tokens: Token[] = t.hobbits
    .filter((x: any) => t.tokens[x.id])
    .map((x: any) => ({ id: x.id, place: x.place, colour: x.colour, name: x.name, out: x.out, ...t.tokens[x.id] }));
  const map = drawMap({
    board: st,
    tokens,
    lying: t.lying,
    reach,
    move: t.move,
    labels: { map: c.map, zoom_in: c.zoom_in, zoom_out: c.zoom_out, zoom_reset: c.zoom_reset },
    travel: (place) => {
      const d = travel.find((x) => x.to === place);
      if (d) decide(ctx, d);
    },
  });
  return h(
    "main",
    { class: "adventure" },
    h("header", {}, h("h1", {}, st.title)),
    ctx.hello.player === null ? h("p", { class: "spectator" }, c.spectator) : null,
    h("div", { class: "status", role: "status" }, t.status.map((l: string) => h("p", {}, rich(l)))),
    t.over && ctx.hello.player !== null ? button(c.rematch, () => ctx.send({ type: "rematch" }), { class: "primary" }) : null,
    map,
    fight(ctx, t),
    panel(ctx),
    t.duel_text ? h("p", { class: "duel" }, rich(t.duel_text)) : null,
    h("ul", { class: "seats", "aria-label": c.hobbits }, t.hobbits.map((x: any) => hobbit(ctx, x))),
    pack(ctx),
    t.recent.length ? section(c.recent, h("ol", { class: "recent" }, t.recent.map((l: string) => h("li", {}, rich(l))))) : null,
  );
}
