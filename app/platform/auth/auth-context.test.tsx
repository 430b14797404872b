import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useAuth } from "./auth-context";

function NeedsAuth() {
  const { user } = useAuth();
  return <p>{user?.email}</p>;
}

describe("useAuth", () => {
  it("throws a clear French error outside its provider", () => {
    expect(() => renderToString(<NeedsAuth />)).toThrow(/useAuth doit être utilisé à l'intérieur d'un <AuthProvider>/);
  });
});
