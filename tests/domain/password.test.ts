import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_COUNT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isCommonPassword,
  passwordLength,
  passwordProblem,
  passwordStrength,
} from "@/domain/password";
import { changePasswordFormSchema, passwordUpdateSchema, signInSchema } from "@/domain/schemas/auth";

describe("password rules", () => {
  it("accepts 8 to 128 characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblem("Lilas-au-jardin")).toBeNull();
    expect(passwordProblem("x".repeat(7))).toBe("password_too_short");
    expect(passwordProblem("Kq8#vR2z")).toBeNull();
    expect(passwordProblem("é".repeat(128))).toBeNull();
    expect(passwordProblem("é".repeat(129))).toBe("password_too_long");
  });

  it("counts characters as people see them, not UTF-16 units", () => {
    expect(passwordLength("🌹🌹🌹🌹🌹🌹🌹🌹")).toBe(8);
    expect(passwordProblem("🌹🌹🌹🌹🌹🌹🌹🌹")).toBeNull();
    expect(passwordLength("e\u0301t\u0301e\u0301")).toBe(3);
  });

  it("asks for a password when none is given", () => {
    expect(passwordProblem("")).toBe("password_required");
    expect(passwordProblem(undefined)).toBe("password_required");
    expect(passwordProblem(null)).toBe("password_required");
  });

  it("refuses the 1,000 most common passwords, whatever their case or accents", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(1000);
    for (const weak of ["password", "12345678", "azertyuiop", "motdepasse", "MotDePasse", "Soleil123", "  qwerty123 ", "marseille13", "chocolat1"]) {
      expect(isCommonPassword(weak), weak).toBe(true);
    }
    expect(passwordProblem("Motdepasse1")).toBe("password_too_common");
    expect(passwordProblem("Mötdepassé")).toBe("password_too_common");
    expect(isCommonPassword("Lilas-au-jardin")).toBe(false);
  });

  it("keeps the list as a static file of 1,000 distinct lower-case entries", () => {
    const list = JSON.parse(readFileSync("src/domain/common-passwords.json", "utf8")) as string[];
    expect(list).toHaveLength(1000);
    expect(new Set(list).size).toBe(1000);
    expect(list.every((p) => p === p.toLowerCase() && p.trim() === p && p !== "")).toBe(true);
  });

  it("rates strength for the hint: refused, then longer and more varied is stronger", () => {
    expect(passwordStrength("password")).toBe(0);
    expect(passwordStrength("short")).toBe(0);
    const weak = passwordStrength("zxqvbnmt");
    const fair = passwordStrength("Zxqvbnmt42");
    const strong = passwordStrength("Le lilas fleurit en avril 2026 !");
    expect(weak).toBeGreaterThanOrEqual(1);
    expect(fair).toBeGreaterThan(weak);
    expect(strong).toBe(4);
    expect(passwordStrength("aaaaaaaaaaaaaaaaaaaa")).toBe(1);
  });
});

describe("authentication schemas", () => {
  it("normalises the sign-in e-mail and gives codes for bad input", () => {
    expect(signInSchema.parse({ email: "  Marie@Exemple.FR ", password: "x" })).toEqual({ email: "marie@exemple.fr", password: "x" });
    const bad = signInSchema.safeParse({ email: "marie", password: "" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(["email_invalid", "password_required"]);
    expect(signInSchema.safeParse({}).error?.issues.map((i) => i.message).sort()).toEqual(["email_required", "password_required"]);
  });

  it("checks a new password and its confirmation", () => {
    const mismatch = passwordUpdateSchema.safeParse({ password: "Lilas-au-jardin", password_confirmation: "Lilas-au-jardim" });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual(["password_mismatch"]);
    const common = passwordUpdateSchema.safeParse({ password: "azerty123", password_confirmation: "azerty123" });
    expect(common.error?.issues.map((i) => i.message)).toEqual(["password_too_common"]);
    const form = changePasswordFormSchema.safeParse({ current_password: "", password: "court", password_confirmation: "court" });
    expect(form.error?.issues.map((i) => i.message).sort()).toEqual(["current_password_required", "password_too_short"]);
  });
});
