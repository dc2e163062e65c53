// Where the page runs, and so how it knows its viewer:
//  - inside Discord (the URL has `frame_id`): the real DiscordSDK. Signing in (OAuth code ->
//    our server -> a session) is part 2 of issue 43: `discordViewer` is the seam for it.
//  - local mode (`python -m bot play --web`, the server says so): no SDK at all.
//  - otherwise mock mode (the tests'): DiscordSDKMock, one user per browser context, the user
//    id taken from the query string (`?game=7&user=123`; no user: a spectator).
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";

export interface Where {
  mode: "discord" | "local" | "mock";
  /** The socket's query: which game, which user, which language. */
  query: URLSearchParams;
}

interface Session {
  mode: string;
  game?: number;
  lang?: string;
  client_id?: string;
}

export async function where(): Promise<Where> {
  const page = new URLSearchParams(location.search);
  if (page.has("frame_id")) {
    return { mode: "discord", query: await discordViewer(page) };
  }
  const session: Session = await (await fetch("session")).json();
  const query = new URLSearchParams();
  for (const key of ["lang", "watch"]) {
    const value = page.get(key);
    if (value) query.set(key, value);
  }
  if (session.mode === "local") {
    return { mode: "local", query };
  }
  const sdk = new DiscordSDKMock("0", page.get("guild"), page.get("channel"), null);
  await sdk.ready();
  for (const key of ["game", "user"]) {
    const value = page.get(key);
    if (value) query.set(key, value);
  }
  return { mode: "mock", query };
}

/** Inside Discord: the SDK is ready; signing in comes with part 2 (the server exchanges the
 *  OAuth code, checks the instance, and answers a short-lived session for the socket). */
async function discordViewer(page: URLSearchParams): Promise<URLSearchParams> {
  const session: Session = await (await fetch("session")).json();
  const sdk = new DiscordSDK(session.client_id ?? "");
  await sdk.ready();
  void page;
  throw new Error("Signing in with Discord is not available yet.");
}
