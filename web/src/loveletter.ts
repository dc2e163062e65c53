// Love Letter on the live table: every seat, your hand as large cards, then the choices the
// legal decisions allow; the round's result with Next round, the game's end with Rematch.
import { button, h, rich, section } from "./dom";
import { next, type Choice } from "./choices";
import type { Ctx } from "./types";

let picked: string[] = [];
let pickedFor = -1;
let pickedCard = -1; // which of the hand's cards was tapped (two may be the same card)

interface CardInfo {
  id: string;
  name: string;
  label: string;
  value: number;
  copies: number;
  rule: string;
}

function cardInfo(ctx: Ctx, id: string): CardInfo | undefined {
  return (ctx.hello.static.cards as CardInfo[]).find((c) => c.id === id);
}

function chip(c: { id: string; label: string }): HTMLElement {
  return h("li", { class: "chip", "data-card": c.id }, c.label);
}

function seat(ctx: Ctx, s: any): HTMLElement {
  const me = s.id === ctx.hello.player;
  const cls = ["seat", s.turn ? "turn" : "", s.in_round ? "" : "out", me ? "me" : ""].join(" ");
  const you = ctx.hello.chrome.seat_you;
  const name = me && s.name.toLowerCase() !== you.toLowerCase() ? `${s.name} (${you})` : s.name;
  return h(
    "li",
    { class: cls, "data-seat": s.id, "aria-current": s.turn ? "true" : undefined },
    h("div", { class: "seat-head" }, h("b", {}, s.turn ? `▶ ${name}` : name), h("span", { class: "tally" }, s.tally_text)),
    h("div", { class: "marks" }, s.marks.join(" · ")),
    s.discards.length
      ? h("ol", { class: "discards", "aria-label": `${ctx.hello.chrome.discards}: ${s.name}` }, s.discards.map(chip))
      : null,
  );
}

function bigCard(ctx: Ctx, id: string, label: string, choices: Choice[], index: number): HTMLElement {
  const info = cardInfo(ctx, id);
  const playable = choices.some((c) => c.steps[0]?.key === `card:${id}`);
  const chosen = picked[0] === `card:${id}` && pickedCard === index;
  const body = [
    h("span", { class: "value" }, String(info?.value ?? "")),
    h("span", { class: "name" }, info?.name ?? label),
    h("span", { class: "rule" }, info?.rule ?? ""),
  ];
  if (!playable) return h("div", { class: "card", "data-card": id, role: "img", "aria-label": label }, body);
  return h(
    "button",
    {
      type: "button",
      class: `card playable${chosen ? " chosen" : ""}`,
      "data-card": id,
      "aria-label": ctx.hello.chrome.play_card.replace("{card}", label),
      "aria-pressed": chosen ? "true" : "false",
      onclick: () => {
        picked = [`card:${id}`];
        pickedCard = index;
        choose(ctx, choices);
      },
    },
    body,
  );
}

function choose(ctx: Ctx, choices: Choice[]): void {
  const step = next(choices, picked);
  if (step.kind === "done") {
    ctx.send({ type: "decide", version: ctx.mine!.version, decision: step.choice.decision });
    picked = [];
  } else if (step.kind === "none") {
    picked = [];
  }
  ctx.redraw();
}

function steps(ctx: Ctx, choices: Choice[]): HTMLElement | null {
  if (!picked.length) return null;
  const step = next(choices, picked);
  if (step.kind !== "ask") return null;
  return h(
    "div",
    { class: "ask", role: "group", "aria-label": step.ask },
    h("p", { class: "question" }, step.ask),
    h(
      "div",
      { class: "options" },
      step.options.map((o) =>
        button(o.label, () => {
          picked = [...step.path, o.key];
          choose(ctx, choices);
        }, { class: "option", "data-key": o.key }),
      ),
      button(ctx.hello.chrome.back, () => {
        picked = [];
        ctx.redraw();
      }, { class: "back" }),
    ),
  );
}

function hand(ctx: Ctx): HTMLElement | null {
  const mine = ctx.mine?.private;
  if (!mine || !ctx.mine) return null;
  if (pickedFor !== ctx.mine.version) {
    picked = [];
    pickedFor = ctx.mine.version;
  }
  const choices = mine.decisions as Choice[];
  const decides = choices.filter((c) => c.steps[0]?.key.startsWith("decide:"));
  return section(
    ctx.hello.chrome.your_hand,
    mine.prompt ? h("p", { class: "prompt" }, rich(mine.prompt)) : null,
    mine.forced ? h("p", { class: "forced" }, mine.forced) : null,
    h("div", { class: "hand" }, mine.hand.map((c: any, i: number) => bigCard(ctx, c.id, c.label, choices, i))),
    steps(ctx, choices),
    decides.length
      ? h("div", { class: "options" }, decides.map((c) => button(c.label, () => {
          ctx.send({ type: "decide", version: ctx.mine!.version, decision: c.decision });
        }, { class: "option" })))
      : null,
    mine.known.length
      ? h("details", { class: "known" }, h("summary", {}, ctx.hello.chrome.known), h("ul", {}, mine.known.map((l: string) => h("li", {}, rich(l)))))
      : null,
    mine.odds.length
      ? h(
          "details",
          { class: "odds" },
          h("summary", {}, ctx.hello.chrome.odds),
          h("table", {}, h("tbody", {}, mine.odds.map((o: any) => h("tr", {}, h("td", {}, o.what), h("td", {}, String(o.unseen)), h("td", {}, o.chance))))),
        )
      : null,
  );
}

function ending(ctx: Ctx, t: any): HTMLElement | null {
  const seated = ctx.hello.player !== null;
  const b = t.round_break;
  if (b) {
    return h(
      "div",
      { class: "banner", role: "status" },
      h("p", {}, rich(b.head)),
      h("p", {}, rich(b.result)),
      seated ? button(b.button, () => ctx.send({ type: "next_round", version: ctx.table!.version }), { class: "primary" }) : null,
    );
  }
  if (t.over) {
    return h(
      "div",
      { class: "banner over", role: "status" },
      t.status.map((l: string) => h("p", {}, rich(l))),
      t.last_round ? h("p", {}, rich(t.last_round)) : null,
      seated ? button(ctx.hello.chrome.rematch, () => ctx.send({ type: "rematch" }), { class: "primary" }) : null,
    );
  }
  return null;
}

export function renderLoveLetter(ctx: Ctx): HTMLElement {
  const t = ctx.table!.table;
  const c = ctx.hello.chrome;
  return h(
    "main",
    { class: "loveletter" },
    h("header", {}, h("h1", {}, t.title), h("p", { class: "sub" }, `${t.round_text} · ${t.draw_text}`)),
    ctx.hello.player === null ? h("p", { class: "spectator" }, c.spectator) : null,
    !t.over && !t.round_break ? h("p", { class: "status", role: "status" }, t.status.map((l: string) => rich(l)).flat()) : null,
    ending(ctx, t),
    h("ul", { class: "seats", "aria-label": c.title }, t.seats.map((s: any) => seat(ctx, s))),
    t.face_up.length ? h("p", { class: "face-up" }, `${c.face_up}: `, t.face_up.map((x: any) => x.label).join(", ")) : null,
    hand(ctx),
    t.recent.length ? section(c.recent, h("ol", { class: "recent" }, t.recent.map((l: string) => h("li", {}, rich(l))))) : null,
    h(
      "details",
      { class: "rules" },
      h("summary", {}, c.rules),
      h("ul", {}, (ctx.hello.static.cards as CardInfo[]).map((k) => h("li", {}, h("b", {}, `${k.label} ×${k.copies}`), " ", k.rule))),
    ),
  );
}
