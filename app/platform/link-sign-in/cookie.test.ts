import { describe, expect, it } from "vitest";
import { isPrivateRequest } from "../../../server/request-handler";

/** A space's session cookie makes the request private: the public page cache never answers it (nor stores its page). */
describe("the sign-in-by-link cookie and the page cache", () => {
  it.each([
    ["lien_espace=abc", true],
    ["theme=dark; __Host-lien_espace=abc", true],
    ["lien_formateurs=abc", true],
    ["theme=dark", false],
    ["lien_espace=", false],
  ])("%s is private: %s", (cookie, privateRequest) => {
    expect(isPrivateRequest(cookie)).toBe(privateRequest);
  });
});
