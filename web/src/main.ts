// The live table's page: one WebSocket, frames in, decisions out (docs/live-table.md).
import { h } from "./dom";
import { where, type Where } from "./sdk";
import type { Ctx, Frame, Hello, PrivateFrame, TableFrame } from "./types";
import { renderLoveLetter } from "./loveletter";
import { renderAdventure } from "./adventure";
import { loadReplay, renderReplay, type Replay } from "./replay";

const root = document.getElementById("app") as HTMLElement;
const status = document.getElementById("status") as HTMLElement;

let hello: Hello | null = null;
let table: TableFrame | null = null;
let mine: PrivateFrame | null = null;
let socket: WebSocket | null = null;
let place: Where | null = null;
let retry = 500;
let replay: Replay | null = null;

function say(text: string, kind = "info"): void {
  status.textContent = text;
  status.dataset.kind = kind;
  status.hidden = !text;
}

function send(message: Record<string, unknown>): void {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function draw(ctx: Ctx): HTMLElement {
  return ctx.hello.game === "adventure" ? renderAdventure(ctx) : renderLoveLetter(ctx);
}

async function openReplay(): Promise<void> {
  if (!place || !table) return;
  try {
    replay = await loadReplay(place.query, table.id);
  } catch (error) {
    say(String((error as Error).message ?? error), "refused");
    return;
  }
  redraw();
}

function redraw(): void {
  if (!hello || !table) return;
  const scroll = window.scrollY;
  if (replay) {
    const close = (): void => {
      replay = null;
      redraw();
    };
    root.replaceChildren(renderReplay(replay, hello, draw, redraw, close));
    return;
  }
  const ctx: Ctx = { hello, table, mine, send, redraw };
  const view = draw(ctx);
  if (table.finished) {
    const chrome = hello.chrome;
    view.prepend(h("button", { type: "button", class: "open-replay", onclick: () => void openReplay() }, chrome.replay));
  }
  root.replaceChildren(view);
  root.dataset.version = String(table.version); // what the page shows (tests wait on it)
  root.dataset.game = String(table.id);
  root.dataset.mine = mine ? String(mine.version) : "";
  document.title = `${hello.chrome.title} — ${hello.static.title ?? hello.game}`;
  window.scrollTo(0, scroll);
}

function received(frame: Frame): void {
  switch (frame.type) {
    case "hello":
      hello = frame;
      document.documentElement.lang = frame.lang;
      mine = null;
      break;
    case "table":
      if (table && table.id === frame.id && frame.version < table.version) return;
      table = frame;
      if (mine && mine.version !== frame.version) mine = null;
      say("");
      redraw();
      break;
    case "private":
      mine = frame;
      redraw();
      break;
    case "refused":
    case "error":
      say(frame.reason, "refused");
      break;
    case "moved":
      if (place) place.query.set("game", String(frame.id));
      table = null;
      mine = null;
      socket?.close();
      break;
  }
}

function connect(): void {
  if (!place) return;
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  url.search = place.query.toString();
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    retry = 500;
  };
  ws.onmessage = (event) => received(JSON.parse(String(event.data)) as Frame);
  ws.onclose = () => {
    if (socket !== ws) return;
    say(hello?.chrome.reconnecting ?? "…", "lost");
    setTimeout(place?.mode === "discord" ? signInAgain : connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

/** Inside Discord a session lasts an hour: a lost socket signs in afresh (no prompt: the
 *  app is authorized already) before it connects again, keeping the game it shows. */
async function signInAgain(): Promise<void> {
  const game = place?.query.get("game");
  try {
    place = await where();
    if (game) place.query.set("game", game);
  } catch {
    // Discord or our server unreachable: the next close tries again
  }
  connect();
}

async function start(): Promise<void> {
  try {
    place = await where();
  } catch (error) {
    root.replaceChildren(h("p", { role: "alert" }, String((error as Error).message ?? error)));
    return;
  }
  connect();
}

void start();
