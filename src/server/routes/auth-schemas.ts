import { z } from "zod";
import type { Realm } from "@/server/services/auth/users";

/** Shapes of the authentication answers, for the OpenAPI document. */

export const authUserSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(["client", "business_user"]),
    uid: z.string().nullable(),
    email: z.string().nullable(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    role: z.number().int().optional().meta({ description: "Business users only: 0 admin, 1 funeral director, 2 funeral advisor, 3 analytics guest, 4 pro" }),
  })
  .loose()
  .meta({ id: "AuthUser" });

export const userEnvelopeSchema = z.object({ data: authUserSchema }).meta({ id: "AuthUserEnvelope" });
export const validateTokenSchema = z.object({ success: z.literal(true), data: authUserSchema }).meta({ id: "ValidateToken" });
export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() }).meta({ id: "AuthSuccess" });

/** One authentication base: where it lives and which kind of user it serves. */
export interface AuthBase {
  prefix: string;
  realm: Realm;
  /** Password routes and the cookie exist on the v1 bases only (SPEC §7). */
  full: boolean;
  tag: string;
}

export const AUTH_BASES: readonly AuthBase[] = [
  { prefix: "/api/v1/auth", realm: "client", full: true, tag: "Auth (client)" },
  { prefix: "/api/v1/pro/auth", realm: "business_user", full: true, tag: "Auth (pro)" },
  { prefix: "/api/next/auth", realm: "client", full: false, tag: "Auth (next)" },
  { prefix: "/api/next/pro/auth", realm: "business_user", full: false, tag: "Auth (next, pro)" },
];

export const TOKEN_RESPONSE_HEADERS = {
  "access-token": { description: "New token of the device", schema: { type: "string" as const } },
  client: { description: "Device id", schema: { type: "string" as const } },
  expiry: { description: "Expiry, seconds since the epoch", schema: { type: "string" as const } },
  uid: { description: "The user's e-mail", schema: { type: "string" as const } },
  "token-type": { description: "Bearer", schema: { type: "string" as const } },
};
