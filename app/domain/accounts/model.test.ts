import { describe, expect, it } from "vitest";
import { roleCountsLabel, toSessionUser } from "./model";
import { frenchAuthMessage } from "~/platform/auth/client";

describe("session user", () => {
  it("carries identity and role, with safe defaults", () => {
    expect(toSessionUser({ id: "1", email: "a@b.fr", name: " Anne ", role: "editor" })).toEqual({
      id: "1",
      email: "a@b.fr",
      displayName: "Anne",
      role: "editor",
    });
    expect(toSessionUser({ id: "2", email: "x@y.fr", name: "", role: null }).role).toBe("viewer");
  });
});

describe("provider errors in French (docs/spec.md#messages)", () => {
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

describe("roles in French", () => {
  it("counts accounts per role with French plurals (singular for 0 and 1)", () => {
    expect(roleCountsLabel({ admin: 1, editor: 0, viewer: 12 })).toBe("1\u00a0administrateur, aucun éditeur, 12\u00a0lecteurs");
    expect(roleCountsLabel({ admin: 2, editor: 1, viewer: 1 })).toBe("2\u00a0administrateurs, 1\u00a0éditeur, 1\u00a0lecteur");
  });
});
