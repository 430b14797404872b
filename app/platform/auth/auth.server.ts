import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, createEmailVerificationToken } from "better-auth/api";
import { checkPassword, HARD_MAX_PASSWORD_LENGTH } from "~/platform/auth/password-policy";
import { authSecret, config } from "../config.server";
import { db, dbEngine, type Db, type DbEngine } from "../db/db.server";
import { log } from "../log.server";
import { eraseCopies } from "../privacy/erasure.server";
import { emailConfirmationMail, existingAccountMail, passwordResetMail, sendInBackground } from "./auth-mail.server";
import { displayNameSchema } from "./forms";
import { SIGN_UP_CLOSED_MESSAGE, isPublicSignUpOpen } from "./public-sign-up.server";
import {
  AUTH_RATE_LIMITS,
  clearAccountLocks,
  clearSignInPair,
  lockedMessage,
  recordSignInFailure,
  signInLockedFor,
} from "./sign-in-throttle.server";

/** Better Auth lives under this path (its standard endpoints: /api/auth/sign-in/email, …). */
export const AUTH_BASE_PATH = "/api/auth";

/** A password-reset link is valid one hour and works once. */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Client address header, set by the Express app from the socket (or the trusted proxy chain). */
export const CLIENT_IP_HEADER = "x-client-ip";

/** An address-confirmation link is valid 24 hours. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;

export const CONFIRM_THROUGH_SITE_MESSAGE = "Confirmez votre adresse en ouvrant le lien reçu par e-mail.";

/** Endpoints that write the display name (Better Auth's `name`): one rule, `displayNameSchema`. */
const NAME_PATHS = new Set(["/sign-up/email", "/update-user"]);

function clientAddress(ctx: { request?: Request; headers?: Headers }): string | null {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) ?? ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
}

const PASSWORD_PATHS = new Set(["/sign-up/email", "/reset-password", "/change-password"]);
/** Return addresses a client may give (Better Auth puts some in a Location header). */
const CALLBACK_FIELDS = ["callbackURL", "newUserCallbackURL", "errorCallbackURL", "redirectTo"] as const;
/** Printable ASCII only (a link with other characters is sent percent-encoded). */
const SAFE_CALLBACK = /^[\x21-\x7e]{0,2000}$/;

/**
 * What the accounts area does at two moments of Better Auth's life. This layer cannot import a
 * domain: the composition root registers them at startup (`registerAccountHooks`).
 */
export interface AccountHooks {
  /** Refuses the deletion of an account (the last active admin) by throwing an APIError. */
  beforeDeleteUser(userId: string, target: Db): Promise<void>;
  /** Notes a new session (the last sign-in date). */
  afterSessionCreated(userId: string, target: Db): Promise<void>;
}

let registeredHooks: AccountHooks | undefined;

/** Registers the accounts' hooks of the process-wide instance (app/composition, at startup). */
export function registerAccountHooks(hooks: AccountHooks): void {
  registeredHooks = hooks;
}

/** The registered hooks; none means the process skipped its startup, and nothing is done unchecked. */
function accountHooks(): AccountHooks {
  if (!registeredHooks) throw new Error("Les crochets des comptes ne sont pas inscrits (registerAccountHooks au démarrage).");
  return registeredHooks;
}

/**
 * Builds a Better Auth instance on a database handle (the site's own by default); `hooks` are
 * the registered ones unless given (tests).
 */
export function createAuth(target: { db: Db; engine: DbEngine } = { db: db(), engine: dbEngine() }, hooks?: AccountHooks) {
  const hooksOf = () => hooks ?? accountHooks();
  const cfg = config();
  const policy = cfg.passwordPolicy;
  const secure = cfg.siteUrl.startsWith("https://");
  // Account e-mails are counted per recipient in this database (docs: README « Sécurité »).
  return betterAuth({
    appName: "Site de formation",
    baseURL: cfg.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(cfg),
    trustedOrigins: cfg.trustedOrigins,
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
      // Better Auth's required `name` is the display name of the profile (docs/spec.md#profil-utilisateur).
      fields: { name: "display_name", emailVerified: "email_verified", image: "image", createdAt: "created_at", updatedAt: "updated_at" },
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false, fieldName: "role" },
        deactivatedAt: { type: "date", required: false, input: false, returned: false, fieldName: "deactivated_at" },
      },
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          await hooksOf().beforeDeleteUser(user.id, target.db);
        },
        // Right to erasure: the account's e-mails in the local outbox, and the SQLite write-ahead log.
        async afterDelete(user) {
          await eraseCopies(target.db, [user.email]);
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
      // Sign-up never signs in: the new account confirms its address first. So sign-up answers
      // the same for a known and an unknown address; the mail tells the owner what happened.
      autoSignIn: false,
      requireEmailVerification: true,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength ?? HARD_MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        // Not awaited: the answer must take the same time whether the address exists or not.
        sendInBackground(passwordResetMail({ email: user.email, displayName: user.name, token }), "lien de réinitialisation", target.db);
      },
      async onPasswordReset({ user }) {
        // The reset link proves the mailbox: it lifts the account's locks and confirms the address.
        await clearAccountLocks(user.email, target.db);
        if (!user.emailVerified) {
          await target.db
            .updateTable("users")
            .set({ email_verified: target.engine === "postgres" ? true : 1 })
            .where("id", "=", user.id)
            .execute();
        }
      },
      async onExistingUserSignUp({ user }) {
        const existing = user as typeof user & { deactivatedAt?: unknown };
        if (!user.emailVerified && !existing.deactivatedAt) {
          const token = await createEmailVerificationToken(authSecret(cfg), user.email, undefined, EMAIL_CONFIRMATION_TTL_SECONDS, {
            userId: user.id,
          });
          sendInBackground(
            emailConfirmationMail({ email: user.email, displayName: user.name, token }),
            "confirmation d'adresse",
            target.db,
          );
        } else {
          sendInBackground(existingAccountMail({ email: user.email, displayName: user.name }), "avis d'inscription en double", target.db);
        }
      },
      // What a sign-up with a known address answers: the same shape as a real new account.
      customSyntheticUser: ({ coreFields, id }) => ({ ...coreFields, role: "viewer", id }),
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_CONFIRMATION_TTL_SECONDS,
      async sendVerificationEmail({ user, token }) {
        sendInBackground(emailConfirmationMail({ email: user.email, displayName: user.name, token }), "confirmation d'adresse", target.db);
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
      // Checked in every environment, tests included (Better Auth skips it under NODE_ENV=test).
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account is a viewer, whatever the request says; promotion is an admin's decision.
          async before(user) {
            return { data: { ...user, role: "viewer", deactivatedAt: null } };
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await hooksOf().afterSessionCreated(session.userId, target.db);
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
        // An address is confirmed only through the site's confirmation screen, which asks the
        // person holding the link for the account's password or a new one: a password typed at
        // sign-up (maybe by someone else) never survives the proof untyped.
        if (ctx.path === "/verify-email" && ctx.request) {
          throw new APIError("FORBIDDEN", { message: CONFIRM_THROUGH_SITE_MESSAGE, code: "CONFIRM_THROUGH_SITE" });
        }
        if (ctx.path === "/sign-up/email" && !(await isPublicSignUpOpen(target.db))) {
          throw new APIError("FORBIDDEN", { message: SIGN_UP_CLOSED_MESSAGE, code: "SIGN_UP_CLOSED" });
        }
        if (PASSWORD_PATHS.has(ctx.path)) {
          const password = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
          if (typeof password === "string") {
            const problem = checkPassword(password, policy);
            if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_POLICY" });
          }
        }
        if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
          const wait = await signInLockedFor(body.email, clientAddress(ctx), target.db);
          if (wait > 0) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { message: lockedMessage(wait), code: "TOO_MANY_ATTEMPTS" },
              { "Retry-After": String(wait) },
            );
          }
        }
        // A return address the response would put in a header must be plain ASCII (a 400, not a 500).
        for (const field of CALLBACK_FIELDS) {
          const value = body[field] ?? (ctx.query as Record<string, unknown> | undefined)?.[field];
          if (typeof value === "string" && !SAFE_CALLBACK.test(value)) {
            throw new APIError("BAD_REQUEST", { message: "L'adresse de retour est invalide.", code: "INVALID_CALLBACK_URL" });
          }
        }
        // Changing the password ends every other session of the account, as a reset does.
        if (ctx.path === "/change-password") return { context: { body: { ...body, revokeOtherSessions: true } } };
        if (ctx.path === "/delete-user" && typeof body.password !== "string") {
          throw new APIError("BAD_REQUEST", { message: "Confirmez avec votre mot de passe.", code: "PASSWORD_REQUIRED" });
        }
        if (NAME_PATHS.has(ctx.path)) {
          if (body.image !== undefined && body.image !== null) {
            throw new APIError("BAD_REQUEST", { message: "Le site ne gère pas d'image de profil.", code: "INVALID_IMAGE" });
          }
          if (ctx.path === "/sign-up/email" || body.name !== undefined) {
            const name = displayNameSchema.safeParse(body.name);
            if (!name.success) {
              throw new APIError("BAD_REQUEST", { message: name.error.issues[0]!.message, code: "INVALID_NAME" });
            }
            return { context: { body: { ...body, name: name.data } } };
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (typeof body.email !== "string") return;
        const returned = ctx.context.returned;
        const address = clientAddress(ctx);
        if (returned instanceof APIError) {
          if (returned.statusCode === 401) await recordSignInFailure(body.email, address, target.db);
        } else {
          await clearSignInPair(body.email, address, target.db);
        }
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
