// Where the page runs, and so how it knows its viewer:
//  - inside Discord (the URL has `frame_id`): the real DiscordSDK; the page signs in
//    (authorize -> our server exchanges the code and checks the instance -> authenticate)
//    and the socket carries the server's signed session, never a user id of the page's.
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

/** One SDK per page: a second sign-in (an expired session) reuses its handshake. */
let discordSdk: DiscordSDK | null = null;

/** Inside Discord: authorize gives a code, our server (POST auth) exchanges it and checks
 *  the activity instance, then answers the access token for authenticate and a session. */
async function discordViewer(page: URLSearchParams): Promise<URLSearchParams> {
  const session: Session = await (await fetch("session")).json();
  const clientId = session.client_id ?? "";
  if (!discordSdk) {
    discordSdk = new DiscordSDK(clientId);
    await discordSdk.ready();
  }
  const sdk = discordSdk;
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("auth", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId }),
  });
  const signed = await answer.json();
  if (!answer.ok) throw new Error(String(signed.reason ?? answer.statusText));
  await sdk.commands.authenticate({ access_token: signed.access_token });
  const query = new URLSearchParams({ session: signed.session });
  const lang = page.get("lang") ?? session.lang;
  if (lang) query.set("lang", lang);
  return query;
}
