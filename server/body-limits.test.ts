import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimitFor, familyOf, unsupportedBody } from "./body-limits";

describe("body limits per route family", () => {
  it.each([
    ["/devis", "publicForm"],
    ["/contact.data", "publicForm"],
    ["/simulateur-opco", "publicForm"],
    ["/api/page-view", "publicForm"],
    ["/login", "auth"],
    ["/login.data", "auth"],
    ["/invitation", "auth"],
    ["/api/auth/sign-in/email", "auth"],
    ["/admin/formations/12", "admin"],
    ["/admin/formations/12.data", "admin"],
    ["/admin/televersement-image", "image"],
    ["/admin/formateurs/0b5b6f3e-6a0e-4f5e-9a4b-1c2d3e4f5a6b", "trainerFile"],
    ["/admin/formateurs/0b5b6f3e-6a0e-4f5e-9a4b-1c2d3e4f5a6b.data", "trainerFile"],
    ["/admin/formateurs", "admin"],
    ["/admin/formations/import", "importFile"],
    ["/admin/formations/batch-import.data", "importBatch"],
  ])("%s → %s", (path, family) => {
    expect(familyOf(path)).toBe(family);
  });

  it("keeps public forms at 64 KB and auth at 16 KB, with French messages", () => {
    expect(BODY_LIMITS.publicForm).toBe(64 * 1024);
    expect(BODY_LIMITS.auth).toBe(16 * 1024);
    expect(bodyLimitFor("/devis").message).toMatch(/64 Ko/);
    expect(bodyLimitFor("/admin/formations/import").message).toMatch(/Le fichier dépasse 20 Mo/);
  });
});

describe("bodies that are not forms", () => {
  it("refuses JSON, XML or no type on the site's routes, and lets forms and Better Auth's JSON through", () => {
    expect(unsupportedBody("/api/page-view", "application/json", 20)).toBe(true);
    expect(unsupportedBody("/devis", "text/xml", 20)).toBe(true);
    expect(unsupportedBody("/login", undefined, 20)).toBe(true);
    expect(unsupportedBody("/api/page-view", "application/x-www-form-urlencoded;charset=UTF-8", 20)).toBe(false);
    expect(unsupportedBody("/admin/televersement-image", "multipart/form-data; boundary=x", 20)).toBe(false);
    expect(unsupportedBody("/api/auth/sign-in/email", "application/json", 20)).toBe(false);
    expect(unsupportedBody("/admin/formations", "application/json", 0)).toBe(false);
  });
});
