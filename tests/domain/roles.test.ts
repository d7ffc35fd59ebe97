import { describe, expect, it } from "vitest";
import {
  ROLES,
  abilityChangeRefusal,
  allowedAbilityChanges,
  hasRole,
  isAbilityChangeAllowed,
  isAdmin,
  isFuneralDirectorOrAbove,
  isUserType,
  type DealAbility,
} from "@/domain/roles";

const user = (role: unknown) => ({ id: 1, role });

describe("business roles (SPEC §6)", () => {
  it("numbers the roles 0 to 4", () => {
    expect(ROLES).toEqual({ ADMIN: 0, FUNERAL_DIRECTOR: 1, FUNERAL_ADVISOR: 2, ANALYTICS_GUEST: 3, PRO: 4 });
  });
  it("treats only role 0 as admin", () => {
    expect(isAdmin(user(0))).toBe(true);
    for (const role of [1, 2, 3, 4]) expect(isAdmin(user(role))).toBe(false);
  });
  it("treats roles 0 and 1 as funeral director or above", () => {
    expect(isFuneralDirectorOrAbove(user(0))).toBe(true);
    expect(isFuneralDirectorOrAbove(user(1))).toBe(true);
    for (const role of [2, 3, 4]) expect(isFuneralDirectorOrAbove(user(role))).toBe(false);
  });
  it("checks a role against a list", () => {
    expect(hasRole(user(2), [ROLES.FUNERAL_ADVISOR, ROLES.PRO])).toBe(true);
    expect(hasRole(user(3), [ROLES.FUNERAL_ADVISOR, ROLES.PRO])).toBe(false);
    expect(hasRole(user(2), [])).toBe(false);
  });
  it("gives clients, visitors and malformed roles no power", () => {
    expect(isAdmin({ id: 1 })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
    expect(isAdmin(user("0"))).toBe(false);
    expect(isFuneralDirectorOrAbove(user(null))).toBe(false);
    expect(hasRole(user(7), [7 as never])).toBe(false);
  });
  it("knows the two user types", () => {
    expect(isUserType("client")).toBe(true);
    expect(isUserType("business_user")).toBe(true);
    expect(isUserType("admin")).toBe(false);
  });
});

describe("deal abilities", () => {
  const owner: DealAbility = { client_id: 5, role: "owner", link: "child" };
  const editor: DealAbility = { client_id: 6, role: "editor", link: "sibling" };

  it("lets an owner change only its link", () => {
    expect(allowedAbilityChanges(owner)).toEqual(["link"]);
    expect(isAbilityChangeAllowed(owner, { link: "spouse" })).toBe(true);
    expect(isAbilityChangeAllowed(owner, { role: "reader" })).toBe(false);
    expect(abilityChangeRefusal(owner, { role: "reader", link: "spouse" })).toBe("owner_link_only");
  });
  it("does not count an unchanged role as a change", () => {
    expect(isAbilityChangeAllowed(owner, { role: "owner", link: "spouse" })).toBe(true);
  });
  it("lets other abilities change role and link", () => {
    expect(allowedAbilityChanges(editor)).toEqual(["role", "link"]);
    expect(isAbilityChangeAllowed(editor, { role: "reader", link: "cousin" })).toBe(true);
    expect(isAbilityChangeAllowed({ ...editor, role: "notary" }, { role: "editor" })).toBe(true);
  });
  it("refuses other fields and invalid values", () => {
    expect(abilityChangeRefusal(editor, { client_id: 99 })).toBe("field_not_editable");
    expect(abilityChangeRefusal(editor, { role: "boss" })).toBe("invalid_role");
    expect(abilityChangeRefusal(editor, { link: 3 })).toBe("invalid_link");
    expect(isAbilityChangeAllowed(editor, { link: null })).toBe(true);
  });
});
