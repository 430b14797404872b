import { describe, expect, it } from "vitest";
import { ConfigError, findEmptyVariables, loadConfig, trustProxyWarning } from "./config.server";

describe("configuration", () => {
  it("runs on embedded defaults with nothing set", () => {
    const cfg = loadConfig({});
    expect(cfg.port).toBe(3000);
    expect(cfg.siteUrl).toBe("http://localhost:3000");
    expect(cfg.database.engine).toBe("sqlite");
    expect(cfg.storage.driver).toBe("local");
    expect(cfg.mail.smtpUrl).toBeUndefined();
    expect(cfg.passwordPolicy.minLength).toBe(6);
    expect(cfg.leadRetentionMonths).toBe(36);
  });

  it("lists every variable that is set but empty, in French", () => {
    expect(findEmptyVariables({ SMTP_URL: "", PORT: "  ", SITE_URL: "https://x.fr" })).toEqual(["PORT", "SMTP_URL"]);
    try {
      loadConfig({ SMTP_URL: "", AUTH_SECRET: "" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const e = error as ConfigError;
      expect(e.variables).toEqual(["AUTH_SECRET", "SMTP_URL"]);
      expect(e.message).toContain("Configuration incomplète");
      expect(e.message).toContain("AUTH_SECRET");
      expect(e.message).toContain("SMTP_URL");
    }
  });

  it("selects PostgreSQL from a postgres:// DATABASE_URL", () => {
    const cfg = loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" });
    expect(cfg.database).toEqual({ engine: "postgres", url: "postgres://u@h:5432/db" });
  });

  it("rejects malformed values with a French message", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(/PORT doit être un nombre entier/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SITE_URL: "pas une adresse" })).toThrow(/SITE_URL/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: "3" })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it("reads TRUST_PROXY as Express does (hop count or addresses) and refuses true in French", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,loopback,::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "loopback",
      "::1",
    ]);
    for (const value of ["true", "TRUE", "oui"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY=true ferait confiance à tous les relais/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "nginx" })).toThrow(/TRUST_PROXY contient « nginx »/);
    // Lists that trust public address space are refused in French, never by a stack trace.
    for (const value of [
      "0.0.0.0/0",
      "0.0.0.0/1,128.0.0.0/1",
      "::/0",
      "2000::/3",
      "8.0.0.0/8",
      "10.0.0.0/8,0.0.0.0/2",
      "::ffff:0.0.0.0/96",
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/fait confiance à une large part des adresses publiques/);
    }
    // Private networks, loopback, single addresses and a provider's block stay accepted.
    for (const value of [
      "10.0.0.0/8",
      "172.16.0.0/12",
      "192.168.0.0/16",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "fe80::/10",
      "203.0.113.7",
      "198.51.100.0/24",
      "2001:db8:1::/48",
      "::ffff:10.0.0.0/104",
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toEqual([value]);
    }
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });

  it("reads the instance, workers, drain and pool settings", () => {
    const cfg = loadConfig({});
    expect(cfg.instanceId).toMatch(new RegExp(`-${process.pid}$`));
    expect(cfg).toMatchObject({
      workers: true,
      shutdownDelayMs: 5000,
      jobLeaseMs: 60_000,
      databasePool: { max: 10, connectTimeoutMs: 15_000, busyTimeoutMs: 5_000 },
    });
    const set = loadConfig({
      INSTANCE_ID: "web-1",
      WORKERS: "0",
      SHUTDOWN_DELAY_SECONDS: "0",
      JOB_LEASE_SECONDS: "30",
      DATABASE_POOL_MAX: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      SQLITE_BUSY_TIMEOUT_MS: "500",
    });
    expect(set).toMatchObject({
      instanceId: "web-1",
      workers: false,
      shutdownDelayMs: 0,
      jobLeaseMs: 30_000,
      databasePool: { max: 4, connectTimeoutMs: 2000, busyTimeoutMs: 500 },
    });
    expect(() => loadConfig({ DATABASE_POOL_MAX: "1" })).toThrow(/DATABASE_POOL_MAX doit être un nombre entier entre 2 et 1000/);
    expect(() => loadConfig({ JOB_LEASE_SECONDS: "5" })).toThrow(/JOB_LEASE_SECONDS doit être un nombre entier entre 30 et 3600/);
  });

  it("reads the password policy from the environment", () => {
    const cfg = loadConfig({ PASSWORD_MIN_LENGTH: "10", PASSWORD_MAX_LENGTH: "64", PASSWORD_REQUIRE_UPPERCASE: "true" });
    expect(cfg.passwordPolicy).toMatchObject({ minLength: 10, maxLength: 64, requireUppercase: true, requireLowercase: false });
  });

  it("reads TRUSTED_ORIGINS as a list of origins after SITE_URL's, and refuses anything else in French", () => {
    expect(loadConfig({ SITE_URL: "https://www.formavia.fr" }).trustedOrigins).toEqual(["https://www.formavia.fr"]);
    const cfg = loadConfig({
      SITE_URL: "https://www.formavia.fr/",
      TRUSTED_ORIGINS: " https://formavia.fr, http://10.0.0.5:3000/ ,https://www.formavia.fr",
    });
    expect(cfg.trustedOrigins).toEqual(["https://www.formavia.fr", "https://formavia.fr", "http://10.0.0.5:3000"]);
    for (const bad of [
      "formavia.fr",
      "https://formavia.fr/admin",
      "ftp://formavia.fr",
      "https://formavia.fr?x=1",
      "https://u:p@formavia.fr",
    ]) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: bad }), bad).toThrow(/TRUSTED_ORIGINS contient « .+ », qui n'est pas une origine/);
    }
    expect(findEmptyVariables({ TRUSTED_ORIGINS: "" })).toEqual(["TRUSTED_ORIGINS"]);
  });

  it("warns when a hop count is trusted while the server listens on every interface", () => {
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: "1" }))).toMatch(
      /^TRUST_PROXY=1 \(nombre de relais\) alors que le serveur écoute sur toutes les interfaces \(HOST=0\.0\.0\.0\)/,
    );
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: "2", HOST: "::" }))).toMatch(/HOST=::/);
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: "1", HOST: "127.0.0.1" }))).toBeUndefined();
    expect(trustProxyWarning(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }))).toBeUndefined();
    expect(trustProxyWarning(loadConfig({}))).toBeUndefined();
  });
});
