import { describe, expect, it } from "vitest";
import { parsePermissions, toSessionUser } from "./model";
import { loginPath, safeRedirectPath } from "./paths";
import { checkPassword, passwordRules, DEFAULT_PASSWORD_POLICY } from "./password-policy";
import { canEdit, isAdmin, isEditor, normalizeRole } from "./roles";
import { frenchAuthMessage } from "~/platform/auth/client";

describe("roles (spec §6)", () => {
  it("isAdmin is true for admin only; isEditor and canEdit for editor or admin", () => {
    expect([isAdmin({ role: "admin" }), isAdmin({ role: "editor" }), isAdmin({ role: "viewer" }), isAdmin(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isEditor({ role: "admin" }), isEditor({ role: "editor" }), isEditor({ role: "viewer" }), isEditor(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([canEdit({ role: "admin" }), canEdit({ role: "editor" }), canEdit({ role: "viewer" })]).toEqual([true, true, false]);
  });
  it("an unknown or missing role counts as viewer", () => {
    expect(normalizeRole(undefined)).toBe("viewer");
    expect(normalizeRole("superuser")).toBe("viewer");
    expect(isEditor({ role: "ADMIN" })).toBe(false);
  });
});

describe("same-site return paths", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/journal?q=r%C3%B4le#x", "/admin/journal?q=r%C3%B4le#x"],
    ["https://elsewhere.example", "/"],
    ["//elsewhere.example/x", "/"],
    ["/\\elsewhere.example", "/"],
    ["javascript:alert(1)", "/"],
    ["http:elsewhere.example", "/"],
    ["/\telsewhere", "/"],
    ["/login?redirectTo=/admin", "/"],
    ["", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
  it("builds the /login address that remembers the path and query", () => {
    expect(loginPath("/admin/utilisateurs?role=admin")).toBe("/login?redirectTo=%2Fadmin%2Futilisateurs%3Frole%3Dadmin");
    expect(loginPath("/")).toBe("/login");
  });
});

describe("password policy (spec §5)", () => {
  it("asks for 6 characters when nothing is configured", () => {
    expect(passwordRules(DEFAULT_PASSWORD_POLICY).map((r) => r.label)).toEqual(["Au moins 6 caractères"]);
    expect(checkPassword("abcde", DEFAULT_PASSWORD_POLICY)).toMatch(/au moins 6 caractères/);
    expect(checkPassword("abcdef", DEFAULT_PASSWORD_POLICY)).toBeNull();
  });
  it("applies the optional maximum and character classes", () => {
    const policy = {
      minLength: 8,
      maxLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    };
    expect(checkPassword("abcdefgh", policy)).toMatch(/majuscule.*chiffre.*spécial/);
    expect(checkPassword("Abcdef1!", policy)).toBeNull();
    expect(checkPassword("Abcdef1!Abcdef", policy)).toMatch(/au plus 12 caractères/);
    expect(checkPassword("ÉCOLE-été-2026", { ...policy, maxLength: 20 })).toBeNull();
  });
});

describe("session user", () => {
  it("carries identity, role and permissions, with safe defaults", () => {
    expect(toSessionUser({ id: "1", email: "a@b.fr", name: " Anne ", role: "editor", permissions: '["blog:publish", 3]' })).toEqual({
      id: "1",
      email: "a@b.fr",
      displayName: "Anne",
      role: "editor",
      permissions: ["blog:publish"],
    });
    expect(toSessionUser({ id: "2", email: "x@y.fr", name: "", role: null }).role).toBe("viewer");
    expect(parsePermissions("not json")).toEqual([]);
  });
});

describe("provider errors in French (spec §8)", () => {
  it("maps the codes and statuses", () => {
    expect(frenchAuthMessage(401, "INVALID_EMAIL_OR_PASSWORD", "Invalid email or password")).toBe(
      "Adresse e-mail ou mot de passe incorrect.",
    );
    expect(frenchAuthMessage(422, "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "User already exists")).toMatch(/déjà utilisée/);
    expect(frenchAuthMessage(429, undefined, "Too many requests")).toMatch(/Trop de tentatives/);
    expect(frenchAuthMessage(400, "PASSWORD_POLICY", "Le mot de passe ne respecte pas la politique : un chiffre.")).toMatch(/un chiffre/);
    expect(frenchAuthMessage(500, "SOMETHING", "boom")).toBe("Une erreur est survenue");
  });
});
