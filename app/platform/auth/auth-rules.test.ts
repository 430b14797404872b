import { describe, expect, it } from "vitest";
import { frenchAuthMessage } from "./client";
import { loginPath, safeRedirect } from "./paths";
import { checkPassword, passwordRules, DEFAULT_PASSWORD_POLICY } from "./password-policy";
import { canEdit, isAdmin, isEditor, normalizeRole } from "./roles";

describe("roles (docs/spec.md#rôles)", () => {
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

describe("password policy (docs/spec.md#mot-de-passe)", () => {
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

describe("safe redirects", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/journal?q=r%C3%B4le#x", "/admin/journal?q=r%C3%B4le#x"],
    ["/formations/excel?page=2", "/formations/excel?page=2"],
    ["/a/./b/../c", "/a/c"],
    ["  /admin  ", "/admin"],
  ])("keeps the local path %s → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  // Each of these once became (or could become) `Location: //evil.example` or another site.
  const hostile = [
    "https://evil.example",
    "http://evil.example/admin",
    "//evil.example",
    "//evil.example/x",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/./evil.example/../..//evil.example",
    "/.//evil.example",
    "/x/..//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/.%2F%2Fevil.example",
    "/%2e%2e//evil.example",
    "/a/%2e%2e/%2e%2e//evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d%0aLocation:%20https://evil.example",
    "/%00//evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http:evil.example",
    "https:/evil.example",
    "evil.example",
    "/%E0%A4%A",
    "/login",
    "/login?redirectTo=/admin",
    "/%6cogin",
    "",
    "   ",
    "/" + "a".repeat(2100),
  ];

  it.each(hostile)("refuses %j", (input) => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
    const result = safeRedirect(input);
    expect(result).toBe("/");
    expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(["/admin"])).toBe("/");
    expect(safeRedirect(null, "/compte")).toBe("/compte");
  });

  it("builds the /login address that remembers the path and query", () => {
    expect(loginPath("/admin/utilisateurs?role=admin")).toBe("/login?redirectTo=%2Fadmin%2Futilisateurs%3Frole%3Dadmin");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("//evil.example")).toBe("/login");
  });

  it("remembers the screen, never the router's data address", () => {
    // What a loader sees when the session ends while the app is open (client-side navigation or refresh).
    expect(loginPath("/admin/formations.data")).toBe("/login?redirectTo=%2Fadmin%2Fformations");
    expect(loginPath("/admin.data?_routes=routes%2Fadmin%2Fdashboard")).toBe("/login?redirectTo=%2Fadmin");
    expect(loginPath("/admin/formations.data?q=excel&_routes=root%2Croutes%2Fadmin%2Fformations&index")).toBe(
      "/login?redirectTo=%2Fadmin%2Fformations%3Fq%3Dexcel",
    );
    expect(loginPath("/_.data?_routes=root")).toBe("/login");
    // Whatever arrives on the sign-in side is cleaned the same way.
    expect(safeRedirect("/admin.data?_routes=routes%2Fadmin%2Fdashboard")).toBe("/admin");
    expect(safeRedirect("/admin/formations/_.data")).toBe("/admin/formations/");
    expect(safeRedirect("/admin/devis.data?statut=nouveau")).toBe("/admin/devis?statut=nouveau");
    expect(safeRedirect("/login.data", "/admin")).toBe("/admin");
    expect(safeRedirect("/formations/excel-data")).toBe("/formations/excel-data");
  });
});

describe("French messages of the authentication API", () => {
  it("explains an origin refusal, an unconfirmed address and a closed sign-up", () => {
    expect(frenchAuthMessage(403, "INVALID_ORIGIN", "Invalid origin")).toMatch(
      /^Cette page n'est pas ouverte depuis l'adresse officielle du site\u00a0: par sécurité/,
    );
    // The site's own refusal names the official address: kept as it is.
    const named = "Cette page n'est pas ouverte depuis l'adresse officielle du site (https://formation.example.fr)\u00a0: par sécurité…";
    expect(frenchAuthMessage(403, "INVALID_ORIGIN", named)).toBe(named);
    expect(frenchAuthMessage(403, "EMAIL_NOT_VERIFIED", "Email not verified")).toMatch(/n'est pas encore confirmée/);
    expect(frenchAuthMessage(403, "SIGN_UP_CLOSED", "Les inscriptions en ligne sont fermées.")).toBe(
      "Les inscriptions en ligne sont fermées.",
    );
    expect(frenchAuthMessage(403, undefined, "Forbidden")).toBe("Action refusée.");
  });
});
