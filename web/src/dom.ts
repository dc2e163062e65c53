// A tiny DOM helper: elements from a tag, attributes and children; no framework needed for
// one page that is redrawn whole from each frame (a few hundred nodes at most).

export type Child = Node | string | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | ((e: Event) => void) | undefined>;

type Children = (Child | Child[] | Child[][])[];

export function h(tag: string, attrs: Attrs = {}, ...children: Children): HTMLElement {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

const SVG = "http://www.w3.org/2000/svg";

export function s(tag: string, attrs: Attrs = {}, ...children: Children): SVGElement {
  const el = document.createElementNS(SVG, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el: Element, attrs: Attrs): void {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") {
      el.addEventListener(key.replace(/^on/, ""), value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(el: Element, children: Children): void {
  for (const child of children.flat(2) as Child[]) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Text with Discord's **bold** kept as <b> (the game's sentences use it), nothing else. */
export function rich(text: string): Node[] {
  const out: Node[] = [];
  text.split(/\*\*/).forEach((part, i) => {
    if (!part) return;
    const plain = part.replace(/(^|\s)_(\S[^_]*)_(?=\s|$)/g, "$1$2");
    out.push(i % 2 ? h("b", {}, plain) : document.createTextNode(plain));
  });
  return out;
}

export function button(label: string, onClick: () => void, attrs: Attrs = {}): HTMLElement {
  return h("button", { type: "button", "aria-label": label, ...attrs, onclick: onClick }, label);
}

export function section(title: string, ...children: (Child | Child[])[]): HTMLElement {
  return h("section", { "aria-label": title }, h("h2", {}, title), ...children);
}
