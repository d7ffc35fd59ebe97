import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import Provider from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcLoginRequests, userIdentities } from "@/server/db/schema/auth";
import { clients } from "@/server/db/schema/users";
import { omniauthCallback, omniauthStart, type OmniauthDeps } from "@/server/routes/auth-omniauth";
import { clearOidcMetadataCache } from "@/server/services/auth/oidc";
import { createTestApp, type TestContext } from "./helpers/app";
import { CLIENT_EMAIL, call } from "./auth-helpers";

/**
 * Social sign-in end to end: a real OpenID Connect provider (oidc-provider) on a local
 * port, its login and consent pages driven over HTTP as a browser would, and the app's
 * /omniauth route handlers on the other side.
 */

const SITE = "http://localhost:3000";
const REDIRECT_URI = `${SITE}/omniauth/oidc/callback`;
const CLIENT_ID = "paisible-test";
const CLIENT_SECRET = "a-long-enough-client-secret-for-tests";

/** People known to the provider: login → claims. */
const PEOPLE: Record<string, { email: string; email_verified: boolean }> = {
  marie: { email: CLIENT_EMAIL, email_verified: true },
  unverified: { email: CLIENT_EMAIL, email_verified: false },
  stranger: { email: "inconnu@exemple.fr", email_verified: true },
};

let ctx: TestContext;
let server: Server;
let issuer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  server = await new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => resolve(s));
  });
  issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    cookies: { keys: ["oidc-test-cookie-key-0123456789abcdef"] },
    async findAccount(_ctx: unknown, id: string) {
      const person = PEOPLE[id.replace(/-\d+$/, "")];
      if (!person) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...person }) };
    },
  });
  server.on("request", provider.callback());
  clearOidcMetadataCache();
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

function deps(overrides: Partial<OmniauthDeps["env"]> = {}): OmniauthDeps {
  return {
    db: ctx.db,
    now: new Date(),
    env: {
      SITE_URL: SITE,
      REDIRECT_ALLOWLIST: [],
      NODE_ENV: "test",
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      ...overrides,
    },
  };
}

/** A minimal browser: follows redirects on the provider and keeps its cookies. */
class Browser {
  private jar = new Map<string, string>();
  /** Cookies the app set (its own host). */
  appCookies = new Map<string, string>();

  private remember(response: Response, jar: Map<string, string>) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }

  private cookieHeader(jar: Map<string, string>): string {
    return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async app(handler: (request: Request) => Promise<Response>, url: string): Promise<Response> {
    const response = await handler(new Request(url, { headers: { cookie: this.cookieHeader(this.appCookies) } }));
    this.remember(response, this.appCookies);
    return response;
  }

  /** Follows the provider's redirects until it sends the browser back to the app. */
  async provider(url: string, init: RequestInit = {}): Promise<URL> {
    let next: string | null = url;
    let options: RequestInit = init;
    for (let hops = 0; next && hops < 10; hops += 1) {
      if (next.startsWith(SITE)) return new URL(next);
      const response: Response = await fetch(next, { ...options, redirect: "manual", headers: { ...(options.headers ?? {}), cookie: this.cookieHeader(this.jar) } });
      this.remember(response, this.jar);
      const location = response.headers.get("location");
      if (location) {
        next = new URL(location, next).toString();
        options = {};
        continue;
      }
      // A page of the provider: the login or the consent form.
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 300)}`);
      this.pendingForm = { action: new URL(action, next).toString(), prompt };
      return new URL(next);
    }
    throw new Error("too many redirects");
  }

  pendingForm: { action: string; prompt: string } | null = null;

  async submit(fields: Record<string, string>): Promise<URL> {
    const form = this.pendingForm!;
    this.pendingForm = null;
    return this.provider(form.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt: form.prompt, ...fields }).toString(),
    });
  }
}

let loginCounter = 0;

/** The whole journey: /omniauth/oidc → provider login (+ consent) → /omniauth/oidc/callback. */
async function socialSignIn(person: string, options: { returnTo?: string; tamper?: () => Promise<void>; login?: string } = {}) {
  const browser = new Browser();
  const login = options.login ?? `${person}-${(loginCounter += 1)}`;
  const start = await browser.app(
    (r) => omniauthStart(r, "oidc", deps()),
    `${SITE}/omniauth/oidc${options.returnTo ? `?retour=${encodeURIComponent(options.returnTo)}` : ""}`,
  );
  expect(start.status).toBe(302);
  const authorization = new URL(start.headers.get("location")!);
  let page = await browser.provider(authorization.toString());
  while (browser.pendingForm) {
    page = browser.pendingForm.prompt === "login" ? await browser.submit({ login, password: "anything" }) : await browser.submit({});
  }
  await options.tamper?.();
  const callback = await browser.app((r) => omniauthCallback(r, "oidc", deps()), page.toString());
  return { browser, authorization, callback, login };
}

describe("/omniauth/oidc (OpenID Connect, authorization code + PKCE)", () => {
  it("sends the browser to the provider with PKCE S256, state and nonce, keeping the state in an httpOnly cookie", async () => {
    const response = await omniauthStart(new Request(`${SITE}/omniauth/oidc?retour=/app/mon-compte`), "oidc", deps());
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(location.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get("nonce")).toBeTruthy();
    const state = location.searchParams.get("state")!;
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("paisible_oidc_state="))!;
    expect(cookie).toContain(`paisible_oidc_state=${state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The verifier never leaves the server.
    const [row] = await ctx.db.select().from(oidcLoginRequests).where(eq(oidcLoginRequests.returnTo, "/app/mon-compte"));
    expect(location.toString()).not.toContain(row!.codeVerifier);
  });

  it("links the family account with the same verified e-mail and opens a session without any token in a URL", async () => {
    const { callback, browser, login } = await socialSignIn("marie", { returnTo: "/app/mon-compte" });
    expect(callback.status).toBe(302);
    const landing = new URL(callback.headers.get("location")!, SITE);
    expect(landing.pathname).toBe("/me-connecter");
    expect(landing.searchParams.get("connexion")).toBe("oidc");
    expect(landing.searchParams.get("retour")).toBe("/app/mon-compte");
    expect(landing.search).not.toMatch(/token|client=|uid=/);
    const session = browser.appCookies.get("paisible_session");
    expect(session).toBeTruthy();

    // The sign-in page exchanges the cookie for this browser's header tokens.
    const adopted = await call<{ data: { email: string } }>(ctx.app, "GET", "/api/v1/auth/validate_token", { headers: { cookie: `paisible_session=${session}` } });
    expect(adopted.status).toBe(200);
    expect(adopted.body.data.email).toBe(CLIENT_EMAIL);
    expect(adopted.headers.get("access-token")).toBeTruthy();

    const [marie] = await ctx.db.select().from(clients).where(eq(clients.email, CLIENT_EMAIL));
    const links = await ctx.db.select().from(userIdentities).where(eq(userIdentities.subject, login));
    expect(links).toEqual([expect.objectContaining({ realm: "client", userId: marie!.id, provider: "oidc" })]);
  });

  it("finds a linked identity by its subject later, whatever e-mail the provider then gives", async () => {
    const [marie] = await ctx.db.select().from(clients).where(eq(clients.email, CLIENT_EMAIL));
    await ctx.db.insert(userIdentities).values({ realm: "client", userId: marie!.id, provider: "oidc", subject: "stranger-77", email: CLIENT_EMAIL });
    const { callback } = await socialSignIn("stranger", { login: "stranger-77" });
    const landing = new URL(callback.headers.get("location")!, SITE);
    expect(landing.searchParams.get("erreur")).toBeNull();
    expect(landing.searchParams.get("connexion")).toBe("oidc");
  });

  it("refuses an e-mail the provider has not verified", async () => {
    const { callback } = await socialSignIn("unverified");
    expect(new URL(callback.headers.get("location")!, SITE).searchParams.get("erreur")).toBe("oidc_email_not_verified");
    expect(callback.headers.getSetCookie().some((c) => c.startsWith("paisible_session="))).toBe(false);
  });

  it("does not create accounts: an unknown e-mail gets a clear error", async () => {
    const { callback } = await socialSignIn("stranger");
    expect(new URL(callback.headers.get("location")!, SITE).searchParams.get("erreur")).toBe("oidc_account_not_found");
  });

  it("fails when the PKCE verifier does not match what was sent (a stolen code is useless)", async () => {
    const { callback } = await socialSignIn("marie", {
      tamper: () => ctx.db.update(oidcLoginRequests).set({ codeVerifier: "x".repeat(64) }).then(() => undefined),
    });
    expect(new URL(callback.headers.get("location")!, SITE).searchParams.get("erreur")).toBe("oidc_failed");
  });

  it("refuses a callback whose state is not the browser's (login CSRF)", async () => {
    const { authorization } = await (async () => {
      const response = await omniauthStart(new Request(`${SITE}/omniauth/oidc`), "oidc", deps());
      return { authorization: new URL(response.headers.get("location")!) };
    })();
    const forged = await omniauthCallback(
      new Request(`${REDIRECT_URI}?code=whatever&state=${authorization.searchParams.get("state")}`),
      "oidc",
      deps(),
    );
    expect(new URL(forged.headers.get("location")!, SITE).searchParams.get("erreur")).toBe("oidc_failed");
  });

  it("says the provider is unavailable when none is configured, and lists it when it is", async () => {
    const off = await omniauthStart(new Request(`${SITE}/omniauth/oidc`), "oidc", deps({ OIDC_ISSUER: undefined }));
    expect(new URL(off.headers.get("location")!, SITE).searchParams.get("erreur")).toBe("oidc_unavailable");
    expect((await omniauthStart(new Request(`${SITE}/omniauth/facebook`), "facebook", deps())).status).toBe(404);
  });
});
