// The frames of docs/live-table.md, as the page reads them.

export type Chrome = Record<string, string>;

export interface Hello {
  type: "hello";
  mode: string;
  lang: string;
  game: string;
  id: number;
  player: string | null;
  name: string | null;
  chrome: Chrome;
  static: any;
}

export interface TableFrame {
  type: "table";
  game: string;
  id: number;
  version: number;
  finished: boolean;
  table: any;
}

export interface PrivateFrame {
  type: "private";
  game: string;
  id: number;
  version: number;
  player: string;
  private: any;
}

export type Frame =
  | Hello
  | TableFrame
  | PrivateFrame
  | { type: "refused"; reason: string }
  | { type: "error"; reason: string }
  | { type: "moved"; id: number };

/** What a game's view may send back to the server. */
export interface Send {
  (message: Record<string, unknown>): void;
}

export interface Ctx {
  hello: Hello;
  table: TableFrame | null;
  mine: PrivateFrame | null;
  send: Send;
  redraw: () => void;
}
