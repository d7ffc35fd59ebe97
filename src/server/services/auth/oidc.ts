import { constants, createHash, createPublicKey, verify as verifySignature, type JsonWebKey, type KeyObject } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { oidcLoginRequests, userIdentities } from "@/server/db/schema/auth";
import { OIDC_REQUEST_LIFETIME_MS } from "@/server/services/auth/constants";
import { randomSecret, sha256 } from "@/server/services/auth/secrets";
import { findAccountByEmail, findAccountById, type AuthAccount } from "@/server/services/auth/users";
import { epochSeconds } from "@/domain/time";

/**
 * Social sign-in with one OpenID Connect provider configured by OIDC_ISSUER,
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: authorization code flow with PKCE (S256), state
 * and nonce. A provider identity is linked to the family account with the same
 * *verified* e-mail the first time, then found by its subject. No account is created:
 * family accounts are opened by the advisors.
 */

export const OIDC_PROVIDER = "oidc";

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export function oidcConfigFrom(env: { OIDC_ISSUER?: string; OIDC_CLIENT_ID?: string; OIDC_CLIENT_SECRET?: string }): OidcConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET };
}

export type OidcErrorCode = "oidc_unavailable" | "oidc_failed" | "oidc_email_not_verified" | "oidc_account_not_found";

export class OidcError extends Error {
  constructor(
    readonly code: OidcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "OidcError";
  }
}

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

type Fetch = typeof fetch;

const METADATA_TTL_MS = 60 * 60 * 1000;
const metadataCache = new Map<string, { at: number; metadata: ProviderMetadata }>();

async function fetchJson(fetchImpl: Fetch, url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new OidcError("oidc_unavailable", `identity provider unreachable (${url}): ${error instanceof Error ? error.message : error}`);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok || typeof body !== "object" || body === null) {
    throw new OidcError("oidc_failed", `identity provider answered ${response.status} at ${url}`);
  }
  return body as Record<string, unknown>;
}

export async function discover(config: OidcConfig, fetchImpl: Fetch = fetch): Promise<ProviderMetadata> {
  const cached = metadataCache.get(config.issuer);
  if (cached && Date.now() - cached.at < METADATA_TTL_MS) return cached.metadata;
  const body = await fetchJson(fetchImpl, `${config.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`);
  const required = ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"] as const;
  for (const key of required) {
    if (typeof body[key] !== "string") throw new OidcError("oidc_unavailable", `discovery document without ${key}`);
  }
  // OIDC Discovery §4.3: the document must be about the configured issuer.
  if (String(body.issuer).replace(/\/+$/, "") !== config.issuer.replace(/\/+$/, "")) {
    throw new OidcError("oidc_unavailable", "discovery issuer does not match OIDC_ISSUER");
  }
  const metadata = body as unknown as ProviderMetadata;
  metadataCache.set(config.issuer, { at: Date.now(), metadata });
  return metadata;
}

function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** Starts a sign-in: remembers verifier and nonce under the state, returns where to send the browser. */
export async function startOidcLogin(
  db: Db,
  input: { config: OidcConfig; redirectUri: string; returnTo: string; now: Date; fetch?: Fetch },
): Promise<{ authorizationUrl: string; state: string }> {
  const metadata = await discover(input.config, input.fetch);
  const state = randomSecret(32);
  const nonce = randomSecret(32);
  const codeVerifier = randomSecret(48);
  await db.delete(oidcLoginRequests).where(lt(oidcLoginRequests.expiresAt, input.now));
  await db.insert(oidcLoginRequests).values({
    provider: OIDC_PROVIDER,
    stateHash: sha256(state),
    codeVerifier,
    nonce,
    redirectUri: input.redirectUri,
    returnTo: input.returnTo,
    expiresAt: new Date(input.now.getTime() + OIDC_REQUEST_LIFETIME_MS),
    createdAt: input.now,
  });
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", input.config.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", state);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("code_challenge", pkceChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { authorizationUrl: url.toString(), state };
}

// --- ID token verification (JWS compact, asymmetric algorithms only) ---

const ALGORITHMS: Record<string, { hash: string | null; kty: string; pss?: boolean; ec?: boolean }> = {
  RS256: { hash: "sha256", kty: "RSA" },
  RS384: { hash: "sha384", kty: "RSA" },
  RS512: { hash: "sha512", kty: "RSA" },
  PS256: { hash: "sha256", kty: "RSA", pss: true },
  PS384: { hash: "sha384", kty: "RSA", pss: true },
  PS512: { hash: "sha512", kty: "RSA", pss: true },
  ES256: { hash: "sha256", kty: "EC", ec: true },
  ES384: { hash: "sha384", kty: "EC", ec: true },
  ES512: { hash: "sha512", kty: "EC", ec: true },
  EdDSA: { hash: null, kty: "OKP" },
};

/** JWA §3.5: the salt is as long as the hash. */
const PSS_SALT_LENGTH: Record<string, number> = { sha256: 32, sha384: 48, sha512: 64 };

function decodeSegment(segment: string): Record<string, unknown> {
  const value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as unknown;
  if (typeof value !== "object" || value === null) throw new Error("not an object");
  return value as Record<string, unknown>;
}

async function signingKey(metadata: ProviderMetadata, header: Record<string, unknown>, kty: string, fetchImpl: Fetch): Promise<KeyObject> {
  const jwks = await fetchJson(fetchImpl, metadata.jwks_uri);
  const keys = (Array.isArray(jwks.keys) ? jwks.keys : []) as Array<JsonWebKey & { kid?: string; use?: string }>;
  const candidates = keys.filter((k) => k.kty === kty && (k.use === undefined || k.use === "sig") && (header.kid === undefined || k.kid === header.kid));
  const jwk = candidates[0];
  if (!jwk) throw new OidcError("oidc_failed", "no signing key for the ID token");
  return createPublicKey({ key: jwk, format: "jwk" });
}

export interface IdTokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

export async function verifyIdToken(
  idToken: string,
  input: { config: OidcConfig; metadata: ProviderMetadata; nonce: string; now: Date; fetch?: Fetch },
): Promise<IdTokenClaims> {
  const parts = idToken.split(".");
  if (parts.length !== 3) throw new OidcError("oidc_failed", "malformed ID token");
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodeSegment(parts[0]!);
    claims = decodeSegment(parts[1]!);
  } catch {
    throw new OidcError("oidc_failed", "unreadable ID token");
  }
  const alg = ALGORITHMS[String(header.alg)];
  if (!alg) throw new OidcError("oidc_failed", `ID token algorithm ${String(header.alg)} is not accepted`);
  const key = await signingKey(input.metadata, header, alg.kty, input.fetch ?? fetch);
  const data = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2]!, "base64url");
  const ok = verifySignature(
    alg.hash,
    data,
    alg.pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS_SALT_LENGTH[alg.hash!] } : alg.ec ? { key, dsaEncoding: "ieee-p1363" } : key,
    signature,
  );
  if (!ok) throw new OidcError("oidc_failed", "ID token signature is invalid");

  const nowSeconds = epochSeconds(input.now);
  const skew = 120;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== input.metadata.issuer) throw new OidcError("oidc_failed", "ID token from another issuer");
  if (!audience.includes(input.config.clientId)) throw new OidcError("oidc_failed", "ID token for another client");
  if (audience.length > 1 && claims.azp !== input.config.clientId) throw new OidcError("oidc_failed", "ID token authorized for another party");
  if (typeof claims.exp !== "number" || claims.exp + skew < nowSeconds) throw new OidcError("oidc_failed", "ID token expired");
  if (typeof claims.iat === "number" && claims.iat - skew > nowSeconds) throw new OidcError("oidc_failed", "ID token issued in the future");
  if (claims.nonce !== input.nonce) throw new OidcError("oidc_failed", "ID token nonce does not match");
  if (typeof claims.sub !== "string" || claims.sub === "") throw new OidcError("oidc_failed", "ID token without subject");
  return claims as IdTokenClaims;
}

function basicAuth(clientId: string, secret: string): string {
  // RFC 6749 §2.3.1: both parts are form-encoded before base64.
  const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

/** Ends a sign-in at the callback: checks state, redeems the code, finds the family account. */
export async function completeOidcLogin(
  db: Db,
  input: {
    config: OidcConfig;
    state: string | null;
    cookieState: string | null;
    code: string | null;
    providerError?: string | null;
    now: Date;
    fetch?: Fetch;
  },
): Promise<{ account: AuthAccount; returnTo: string }> {
  if (!input.state || !input.cookieState || input.state !== input.cookieState) {
    throw new OidcError("oidc_failed", "state does not match the browser's");
  }
  const stateHash = sha256(input.state);
  // Single use: the row is removed whatever happens next.
  const [request] = await db
    .delete(oidcLoginRequests)
    .where(and(eq(oidcLoginRequests.stateHash, stateHash), gt(oidcLoginRequests.expiresAt, input.now)))
    .returning();
  if (!request) throw new OidcError("oidc_failed", "unknown or expired sign-in request");
  if (input.providerError) throw new OidcError("oidc_failed", `identity provider refused: ${input.providerError}`);
  if (!input.code) throw new OidcError("oidc_failed", "callback without code");

  const fetchImpl = input.fetch ?? fetch;
  const metadata = await discover(input.config, fetchImpl);
  const tokens = await fetchJson(fetchImpl, metadata.token_endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      authorization: basicAuth(input.config.clientId, input.config.clientSecret),
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
    }).toString(),
  });
  if (typeof tokens.id_token !== "string") throw new OidcError("oidc_failed", "token answer without ID token");
  const claims = await verifyIdToken(tokens.id_token, { config: input.config, metadata, nonce: request.nonce, now: input.now, fetch: fetchImpl });

  let email = typeof claims.email === "string" ? claims.email : undefined;
  let verified = claims.email_verified === true;
  if ((!email || !verified) && metadata.userinfo_endpoint && typeof tokens.access_token === "string") {
    const info = await fetchJson(fetchImpl, metadata.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
    });
    // OIDC Core §5.3.2: userinfo about anyone else must be ignored.
    if (info.sub === claims.sub) {
      email = typeof info.email === "string" ? info.email : email;
      verified = info.email_verified === true || (verified && info.email === undefined);
    }
  }

  const [identity] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, OIDC_PROVIDER), eq(userIdentities.subject, claims.sub)))
    .limit(1);
  if (identity) {
    const account = await findAccountById(db, identity.realm, identity.userId);
    if (account) return { account, returnTo: request.returnTo };
  }
  if (!email) throw new OidcError("oidc_email_not_verified", "identity without e-mail");
  if (!verified) throw new OidcError("oidc_email_not_verified", "e-mail not verified by the provider");
  const account = await findAccountByEmail(db, "client", email);
  if (!account) throw new OidcError("oidc_account_not_found", "no family account with this e-mail");
  await db
    .insert(userIdentities)
    .values({ realm: "client", userId: account.id, provider: OIDC_PROVIDER, subject: claims.sub, email: email.toLowerCase(), createdAt: input.now })
    .onConflictDoUpdate({
      target: [userIdentities.provider, userIdentities.subject],
      set: { realm: "client", userId: account.id, email: email.toLowerCase() },
    });
  return { account, returnTo: request.returnTo };
}

/** Test hook: forget discovery documents (a new provider on the same issuer URL). */
export function clearOidcMetadataCache(): void {
  metadataCache.clear();
}
