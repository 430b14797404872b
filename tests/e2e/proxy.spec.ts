import { expect, test } from "@playwright/test";
import { PASSWORD, createAccount, serverDb, signInApi, testClientIp, uniqueEmail } from "./support/accounts";

// The suite's server runs as behind one reverse proxy (TRUST_PROXY=1): the address the limits see
// is the one the proxy gives (the last of X-Forwarded-For), whatever the visitor wrote before it.
test.describe("behind one trusted proxy", () => {
  test("a forged X-Forwarded-For does not change the address the sign-in limits see", async ({ request, baseURL }) => {
    const email = uniqueEmail("usurpation");
    await createAccount({ email, role: "viewer" });
    const attacker = testClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      // What nginx sends with `$proxy_add_x_forwarded_for`: the visitor's header, then the address it saw.
      const forged = `203.0.113.${i + 1}`;
      const res = await request.post("/api/auth/sign-in/email", {
        data: { email, password: `faux-${i}` },
        headers: { origin: baseURL!, "x-forwarded-for": `${forged}, ${attacker}` },
      });
      statuses.push(res.status());
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Another real address is not locked out.
    const other = await request.post("/api/auth/sign-in/email", {
      data: { email, password: PASSWORD },
      headers: { origin: baseURL!, "x-forwarded-for": `${attacker}, ${testClientIp()}` },
    });
    expect(other.status()).toBe(200);
  });

  test("an admin save through a proxy that rewrites Host works; a foreign origin gets a French 403", async ({ request, baseURL }) => {
    const admin = await createAccount({ email: uniqueEmail("hote"), role: "admin" });
    const target = await createAccount({ email: uniqueEmail("hote-cible"), role: "viewer" });
    await signInApi(request, baseURL!, admin.email, admin.password);
    const targetId = (await serverDb().selectFrom("users").select("id").where("email", "=", target.email).executeTakeFirstOrThrow()).id;
    // nginx's default `proxy_set_header Host $proxy_host`: the instance sees its own upstream name.
    const saved = await request.post("/admin/utilisateurs", {
      form: { intent: "role", target: targetId, role: "editor" },
      headers: { origin: baseURL!, host: "site-amont:3000" },
      maxRedirects: 0,
    });
    expect(saved.status(), await saved.text()).toBeLessThan(400);
    const after = await request.get(`/admin/utilisateurs?q=${encodeURIComponent(target.email)}`);
    expect(await after.text()).toContain('<option value="editor" selected="">');

    const foreign = await request.post("/admin/utilisateurs", {
      form: { intent: "role", target: targetId, role: "admin" },
      headers: { origin: "https://ailleurs.example", accept: "text/html" },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(403);
    const body = await foreign.text();
    expect(body).toContain("Requête refusée");
    expect(body).toContain("n'est pas ouverte depuis l'adresse officielle du site");
    expect(body).not.toContain("Error");
  });
});
