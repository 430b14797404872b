import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { normalizeRole } from "~/platform/auth/roles";
import { checkPassword, HARD_MAX_PASSWORD_LENGTH } from "~/platform/auth/password-policy";
import { authSecret, config } from "../config.server";
import { db, dbEngine, type Db, type DbEngine } from "../db/db.server";
import { log } from "../log.server";
import { sendPasswordResetMail } from "./auth-mail.server";
import { AUTH_RATE_LIMITS, clearSignInFailures, recordSignInFailure, signInLockedFor } from "./sign-in-throttle.server";

/** Better Auth lives under this path (its standard endpoints: /api/auth/sign-in/email, …). */
export const AUTH_BASE_PATH = "/api/auth";

/** A password-reset link is valid one hour and works once. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Client address header, set by the Express app from the socket (or the trusted proxy chain). */
export const CLIENT_IP_HEADER = "x-client-ip";

const PASSWORD_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password"]);

/** Builds a Better Auth instance on a database handle (the site's own by default). */
export function createAuth(target: { db: Db; engine: DbEngine } = { db: db(), engine: dbEngine() }) {
  const cfg = config();
  const policy = cfg.passwordPolicy;
  const secure = cfg.siteUrl.startsWith("https://");
  return betterAuth({
    appName: "Site de formation",
    baseURL: cfg.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(cfg),
    trustedOrigins: [new URL(cfg.siteUrl).origin],
    telemetry: { enabled: false },
    // Better Auth's own messages go to our JSON log; routine ones ("Invalid password") stay below "error".
    logger: {
      level: "error",
      log: (level, message, ...args) =>
        log[level === "debug" ? "debug" : level === "info" ? "info" : level === "warn" ? "warn" : "error"](
          `[auth] ${message}`,
          args.length ? { details: args } : undefined,
        ),
    },
    // The same Kysely handle as the rest of the site; tables created by our own migrations (0100_auth).
    // Transactions on both engines: SQLite ones begin IMMEDIATE (see db.server.ts), so a concurrent
    // writer (npm run create-admin while the server runs) waits instead of failing.
    database: { db: target.db, type: target.engine, transaction: true },
    user: {
      modelName: "users",
      // Better Auth's required `name` is the display name of the profile (spec §3: displayName).
      fields: { name: "display_name", emailVerified: "email_verified", image: "image", createdAt: "created_at", updatedAt: "updated_at" },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false, fieldName: "role" },
        permissions: { type: "json", required: false, input: false, fieldName: "permissions" },
        deactivatedAt: { type: "date", required: false, input: false, returned: false, fieldName: "deactivated_at" },
      },
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          const { assertCanDeleteSelf } = await import("~/domain/accounts/users.server");
          await assertCanDeleteSelf(user.id, target.db);
        },
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        expiresAt: "expires_at",
        token: "token",
        createdAt: "created_at",
        updatedAt: "updated_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        userId: "user_id",
      },
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      modelName: "accounts",
      fields: {
        accountId: "account_id",
        providerId: "provider_id",
        userId: "user_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        scope: "scope",
        password: "password",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
    },
    verification: {
      modelName: "verifications",
      fields: { identifier: "identifier", value: "value", expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength ?? HARD_MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // Not awaited: the answer must take the same time whether the address exists or not.
        void sendPasswordResetMail({ email: user.email, displayName: user.name, token }).catch((error: unknown) =>
          log.error("Envoi du lien de réinitialisation impossible", { error }),
        );
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rate_limits",
      fields: { key: "key", count: "count", lastRequest: "last_request" },
      window: 60,
      max: 300,
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account is a viewer, whatever the request says; promotion is an admin's decision.
          async before(user) {
            return { data: { ...user, role: "viewer", permissions: null, deactivatedAt: null } };
          },
        },
      },
      session: {
        create: {
          async after(session) {
            const { touchLastSignIn } = await import("~/domain/accounts/users.server");
            await touchLastSignIn(session.userId, target.db);
          },
          async before(session, ctx) {
            const user = ctx ? await ctx.context.internalAdapter.findUserById(session.userId) : null;
            if (user && (user as { deactivatedAt?: unknown }).deactivatedAt) {
              throw new APIError("FORBIDDEN", {
                message: "Ce compte est désactivé. Contactez un administrateur.",
                code: "ACCOUNT_DISABLED",
              });
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (PASSWORD_PATHS.has(ctx.path)) {
          const password = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
          if (typeof password === "string") {
            const problem = checkPassword(password, policy);
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_POLICY" });
          }
        }
        if (ctx.path === "/sign-up/email" && typeof body.name === "string") {
          const name = body.name.trim();
          if (name.length < 2 || name.length > 80) {
            throw new APIError("BAD_REQUEST", { message: "Le nom affiché comporte de 2 à 80 caractères.", code: "INVALID_NAME" });
          }
        }
        if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
          const wait = await signInLockedFor(body.email, target.db);
          if (wait > 0) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                message: "Trop de tentatives de connexion. Réessayez dans quelques minutes.",
                code: "TOO_MANY_ATTEMPTS",
              },
              { "X-Retry-After": String(wait) },
            );
          }
        }
        if (ctx.path === "/delete-user" && typeof body.password !== "string") {
          throw new APIError("BAD_REQUEST", { message: "Confirmez avec votre mot de passe.", code: "PASSWORD_REQUIRED" });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (typeof body.email !== "string") return;
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError && returned.statusCode === 401;
        if (failed) await recordSignInFailure(body.email, target.db);
        else if (!(returned instanceof APIError)) await clearSignInFailures(body.email, target.db);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The process-wide Better Auth instance (created on first use, after the configuration is loaded). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** For tests that switch databases within one process. */
export function resetAuth(): void {
  instance = undefined;
}

/** The role stored on a Better Auth user, normalized. */
export function roleOf(user: { role?: unknown } | null | undefined) {
  return normalizeRole(user?.role);
}
