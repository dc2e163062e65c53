// The Adventure's board as SVG, from the board data of the first frame: places by kind,
// roads, names (23 units tall on an 800-unit map: 11.5 px at 400 px wide), talismans lying
// on the board, the hobbits' tokens, the last move, and the places a travel may reach, which
// are buttons (tap, Enter or Space). Zoom and pan: wheel, pinch, drag, and three buttons.
import { button, h, s } from "./dom";

interface Line {
  text: string;
  x: number;
  y: number;
  w: number;
}

interface Place {
  id: string;
  name: string;
  kind: string;
  kind_text: string;
  x: number;
  y: number;
  lines: Line[];
  talismans_y: number;
}

interface KeyItem {
  kind: string;
  x: number;
  y: number;
  text: string;
  tx: number;
  ty: number;
}

export interface Token {
  id: string;
  place: string;
  colour: string;
  name: string;
  out: boolean;
  x: number;
  y: number;
  label: string;
}

export interface MapInput {
  board: {
    width: number;
    height: number;
    places: Place[];
    roads: [string, string][];
    key: KeyItem[];
  };
  tokens: Token[];
  lying: Record<string, string[]>;
  reach: Map<string, string>; // place -> the label of travelling there
  move: [string, string, string] | null;
  labels: { map: string; zoom_in: string; zoom_out: string; zoom_reset: string };
  travel: (place: string) => void;
}

const KIND_FILL: Record<string, string> = {
  haven: "#3d8bd9",
  village: "#c9a227",
  adventure: "#4f9d4a",
  peril: "#d9822b",
  danger: "#b23a3a",
  lair: "#222222",
};
const TALISMAN: Record<string, string> = { blue: "#2f6fd6", green: "#2e9b48", red: "#d23c3c", yellow: "#e6c12e" };

let view: { x: number; y: number; w: number; h: number } | null = null;

/** A place's name where the board picture writes it, stretched to the width measured there
 *  (the page's font may differ from the picture's; the layout must not). */
function label(p: Place): SVGElement {
  return s(
    "text",
    { class: "place-name", "aria-hidden": "true" },
    p.lines.map((l) =>
      s("tspan", { x: l.x, y: l.y, textLength: l.w, lengthAdjust: "spacingAndGlyphs" }, l.text),
    ),
  );
}

function legend(items: KeyItem[]): SVGElement {
  return s(
    "g",
    { class: "key", "aria-hidden": "true" },
    items.map((k) => [
      s("circle", { cx: k.x, cy: k.y, r: 11, fill: KIND_FILL[k.kind] ?? "#888", class: "dot" }),
      s("text", { x: k.tx, y: k.ty, class: "key-name" }, k.text),
    ]),
  );
}

export function drawMap(input: MapInput): HTMLElement {
  const { width: W, height: H } = input.board;
  if (!view) view = { x: 0, y: 0, w: W, h: H };
  const at = new Map(input.board.places.map((p) => [p.id, p]));
  const svg = s("svg", {
    class: "map",
    role: "group",
    "aria-label": input.labels.map,
    viewBox: `${view.x} ${view.y} ${view.w} ${view.h}`,
  }) as SVGSVGElement;
  svg.append(s("rect", { x: 0, y: 0, width: W, height: H, class: "land" }));
  for (const [a, b] of input.board.roads) {
    const p = at.get(a)!;
    const q = at.get(b)!;
    svg.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "road" }));
  }
  if (input.move) {
    const p = at.get(input.move[1]);
    const q = at.get(input.move[2]);
    if (p && q && p !== q) svg.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "moved" }));
  }
  for (const p of input.board.places) {
    const reach = input.reach.get(p.id);
    const g = s(
      "g",
      reach
        ? { class: "place reach", role: "button", tabindex: 0, "aria-label": reach, "data-place": p.id }
        : { class: "place", "data-place": p.id, role: "img", "aria-label": `${p.name} (${p.kind_text})` },
    );
    if (reach) g.append(s("circle", { cx: p.x, cy: p.y, r: 24, class: "ring" }));
    g.append(s("circle", { cx: p.x, cy: p.y, r: 13, fill: KIND_FILL[p.kind] ?? "#888", class: "dot" }));
    g.append(label(p));
    (input.lying[p.id] ?? []).forEach((colour, i, all) => {
      const x = p.x - ((all.length - 1) * 16) / 2 + i * 16 - 7; // as the picture's marks
      g.append(s("rect", { x, y: p.talismans_y - 9, width: 14, height: 18, rx: 3, fill: TALISMAN[colour] ?? colour, class: "talisman" }));
    });
    if (reach) {
      g.addEventListener("click", () => {
        if (!dragged) input.travel(p.id);
      });
      g.addEventListener("keydown", (e) => {
        const key = (e as KeyboardEvent).key;
        if (key === "Enter" || key === " ") {
          e.preventDefault();
          input.travel(p.id);
        }
      });
    }
    svg.append(g);
  }
  svg.append(legend(input.board.key));
  for (const t of input.tokens) {
    const p = at.get(t.place);
    svg.append(
      s(
        "g",
        { class: `token${t.out ? " out" : ""}`, "data-token": t.id, "aria-label": `${t.name}: ${p?.name ?? t.place}`, role: "img" },
        s("circle", { cx: t.x, cy: t.y, r: 15, fill: t.colour }),
        s("text", { x: t.x, y: t.y + 7, "text-anchor": "middle", class: "token-letter" }, t.label),
      ),
    );
  }
  panZoom(svg, W, H);
  return h(
    "div",
    { class: "map-box" },
    svg,
    h(
      "div",
      { class: "zoom", role: "group", "aria-label": input.labels.map },
      button("+", () => zoomBy(svg, W, H, 0.7), { "aria-label": input.labels.zoom_in, title: input.labels.zoom_in }),
      button("−", () => zoomBy(svg, W, H, 1 / 0.7), { "aria-label": input.labels.zoom_out, title: input.labels.zoom_out }),
      button("⤢", () => {
        view = { x: 0, y: 0, w: W, h: H };
        show(svg);
      }, { "aria-label": input.labels.zoom_reset, title: input.labels.zoom_reset }),
    ),
  );
}

function show(svg: SVGSVGElement): void {
  if (view) svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`);
}

function clamp(W: number, H: number): void {
  if (!view) return;
  view.w = Math.min(W, Math.max(W / 6, view.w));
  view.h = (view.w * H) / W;
  view.x = Math.min(W - view.w, Math.max(0, view.x));
  view.y = Math.min(H - view.h, Math.max(0, view.y));
}

function zoomAt(W: number, H: number, cx: number, cy: number, factor: number): void {
  if (!view) return;
  const w = view.w * factor;
  const hh = view.h * factor;
  view.x = cx - ((cx - view.x) * w) / view.w;
  view.y = cy - ((cy - view.y) * hh) / view.h;
  view.w = w;
  view.h = hh;
  clamp(W, H);
}

function zoomBy(svg: SVGSVGElement, W: number, H: number, factor: number): void {
  if (!view) return;
  zoomAt(W, H, view.x + view.w / 2, view.y + view.h / 2, factor);
  show(svg);
}

let dragged = false;

function panZoom(svg: SVGSVGElement, W: number, H: number): void {
  const pointers = new Map<number, { x: number; y: number }>();
  let start: { x: number; y: number } | null = null;
  const units = () => (view ? view.w / svg.getBoundingClientRect().width : 1);
  const toMap = (x: number, y: number) => {
    const r = svg.getBoundingClientRect();
    return { x: view!.x + ((x - r.left) * view!.w) / r.width, y: view!.y + ((y - r.top) * view!.h) / r.height };
  };
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const m = toMap(e.clientX, e.clientY);
    zoomAt(W, H, m.x, m.y, e.deltaY < 0 ? 0.85 : 1 / 0.85);
    show(svg);
  }, { passive: false });
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      start = { x: e.clientX, y: e.clientY };
      dragged = false;
    }
  });
  svg.addEventListener("pointermove", (e) => {
    const before = pointers.get(e.pointerId);
    if (!before || !view) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.size === 1) {
      if (!dragged && start && Math.hypot(now.x - start.x, now.y - start.y) < 8) return;
      if (!dragged) svg.setPointerCapture(e.pointerId);
      dragged = true;
      view.x -= (now.x - before.x) * units();
      view.y -= (now.y - before.y) * units();
    } else if (pointers.size === 2) {
      const [other] = [...pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const is = Math.hypot(now.x - other.x, now.y - other.y);
      if (was > 0 && is > 0) {
        const mid = toMap((now.x + other.x) / 2, (now.y + other.y) / 2);
        zoomAt(W, H, mid.x, mid.y, was / is);
      }
      dragged = true;
    }
    pointers.set(e.pointerId, now);
    clamp(W, H);
    show(svg);
  });
  const up = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (!pointers.size) setTimeout(() => (dragged = false), 0);
  };
  svg.addEventListener("pointerup", up);
  svg.addEventListener("pointercancel", up);
}
