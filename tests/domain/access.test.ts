import { describe, expect, it } from "vitest";
import { decideAccess, publicAccess, signedIn, type Caller } from "@/domain/access";
import { ROLES } from "@/domain/roles";

const client: Caller = { realm: "client", role: null };
const business = (role: Caller["role"]): Caller => ({ realm: "business_user", role });

describe("decideAccess", () => {
  const advisors = signedIn({ clients: true, business: [ROLES.ADMIN, ROLES.FUNERAL_ADVISOR] });
  it.each([
    ["public, visitor", publicAccess("test"), null, "allowed"],
    ["signed-in, visitor", advisors, null, 401],
    ["clients admitted", advisors, client, "allowed"],
    ["listed role", advisors, business(ROLES.FUNERAL_ADVISOR), "allowed"],
    ["unlisted role", advisors, business(ROLES.PRO), 403],
    ["business user without a role", advisors, business(null), 403],
    ["client where only business users are admitted", signedIn({ business: "any" }), client, 401],
    ["any business role", signedIn({ business: "any" }), business(ROLES.ANALYTICS_GUEST), "allowed"],
    ["business user where only clients are admitted", signedIn({ clients: true }), business(ROLES.ADMIN), 401],
  ] as const)("%s", (_name, access, caller, expected) => {
    expect(decideAccess(access, caller)).toBe(expected);
  });
});
