// A finished game's replay: every step's public table (GET replay), a scrubber to move
// through them, and the game's own drawing of each step as a spectator sees it.
import { h } from "./dom";
import type { Ctx, Hello, TableFrame } from "./types";

export interface Replay {
  steps: TableFrame[];
  at: number;
}

export async function loadReplay(query: URLSearchParams, game: number): Promise<Replay> {
  const ask = new URLSearchParams(query);
  ask.set("game", String(game));
  ask.delete("user");
  const answer = await fetch(`replay?${ask.toString()}`);
  const data = await answer.json();
  if (!answer.ok) throw new Error(String(data.reason ?? answer.statusText));
  return { steps: data.steps as TableFrame[], at: 0 };
}

/** The scrubber above the step's table, drawn by `draw` for a spectator (no hand). */
export function renderReplay(
  replay: Replay,
  hello: Hello,
  draw: (ctx: Ctx) => HTMLElement,
  redraw: () => void,
  close: () => void,
): HTMLElement {
  const chrome = hello.chrome;
  const last = replay.steps.length - 1;
  const go = (step: number): void => {
    replay.at = Math.max(0, Math.min(last, step));
    redraw();
  };
  const label = chrome.replay_step
    .replace("{step}", String(replay.at))
    .replace("{steps}", String(last));
  const bar = h(
    "div",
    { class: "replay-bar", role: "group", "aria-label": chrome.replay },
    h("button", { type: "button", class: "back", onclick: close }, chrome.replay_close),
    h(
      "button",
      { type: "button", "aria-label": chrome.replay_prev, disabled: replay.at === 0, onclick: () => go(replay.at - 1) },
      "◀",
    ),
    h("input", {
      type: "range",
      class: "scrubber",
      min: 0,
      max: last,
      value: replay.at,
      "aria-label": chrome.replay,
      "aria-valuetext": label,
      oninput: (e: Event) => go(Number((e.target as HTMLInputElement).value)),
    }),
    h(
      "button",
      { type: "button", "aria-label": chrome.replay_next, disabled: replay.at === last, onclick: () => go(replay.at + 1) },
      "▶",
    ),
    h("span", { class: "step", "aria-live": "polite" }, label),
  );
  const spectator: Hello = { ...hello, player: null, name: null };
  const view = draw({ hello: spectator, table: replay.steps[replay.at], mine: null, send: () => {}, redraw });
  return h("div", { class: "replay", "data-step": replay.at }, bar, view);
}
