import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { notify } from "~/platform/toast/notify";
import type { SessionUser } from "./session-user";
import { canEdit, isAdmin, isEditor } from "~/platform/auth/roles";
import { AuthError, GENERIC_ERROR, authPost } from "./client";

/** Session states (docs/spec.md#états): loading, then signed in or signed out. */
export type AuthStatus = "loading" | "signed-in" | "signed-out";

export interface AuthContextValue {
  user: SessionUser | null;
  status: AuthStatus;
  isAdmin: boolean;
  isEditor: boolean;
  canEdit: boolean;
  /**
   * Signs in, then goes to `next(role)` with every loader run again (the root's user included),
   * so that no screen sees the session of before. Resolves with the signed-in account's role.
   */
  signIn(input: { email: string; password: string }, next: (role: string | undefined) => string): Promise<{ role?: string } | undefined>;
  /** Creates an account; it stays signed out until its address is confirmed (the e-mail's link). */
  signUp(input: { email: string; password: string; displayName: string }): Promise<void>;
  signOut(): Promise<void>;
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(input: { token: string; newPassword: string }): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function messageOf(error: unknown): string {
  return error instanceof AuthError ? error.message : GENERIC_ERROR;
}

/**
 * The session on the client. The user comes from the root loader (read from the database on the
 * server); the actions call Better Auth, show the toasts of docs/spec.md#messages and refresh the loaders.
 * Failures show a destructive toast and are re-thrown.
 */
export function AuthProvider({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async <T,>(work: () => Promise<T>, failureTitle: string): Promise<T> => {
    setPending(true);
    try {
      return await work();
    } catch (error) {
      notify.error(failureTitle, { description: messageOf(error) });
      throw error;
    } finally {
      setPending(false);
    }
  }, []);

  const value = useMemo<AuthContextValue>(() => {
    const refresh = () => revalidator.revalidate();
    return {
      user,
      status: pending || revalidator.state === "loading" ? "loading" : user ? "signed-in" : "signed-out",
      isAdmin: isAdmin(user),
      isEditor: isEditor(user),
      canEdit: canEdit(user),
      signIn: (input, next) =>
        run(async () => {
          const answer = await authPost<{ user?: { role?: string } }>("/sign-in/email", {
            email: input.email.trim(),
            password: input.password,
            rememberMe: true,
          });
          // Straight to the destination, reloading every loader (a plain navigation keeps the
          // root's data, where the user would still be missing).
          await navigate(next(answer?.user?.role), { replace: true, defaultShouldRevalidate: true });
          notify.success("Connexion réussie", { description: "Bienvenue\u00a0!" });
          return answer?.user;
        }, "Erreur de connexion"),
      signUp: (input) =>
        run(async () => {
          await authPost("/sign-up/email", { email: input.email.trim(), password: input.password, name: input.displayName.trim() });
          notify.success("Compte créé", { description: "Votre compte a été créé avec succès" });
        }, "Erreur d'inscription"),
      signOut: () =>
        run(async () => {
          await authPost("/sign-out", {});
          await navigate("/", { replace: true });
          await refresh();
          notify.success("Déconnexion réussie", { description: "À bientôt\u00a0!" });
        }, "Erreur de déconnexion"),
      requestPasswordReset: (email) =>
        run(async () => {
          await authPost("/request-password-reset", { email: email.trim() });
          notify.success("Email envoyé", { description: "Vérifiez votre boîte mail pour réinitialiser votre mot de passe" });
        }, "Erreur"),
      resetPassword: (input) =>
        run(async () => {
          await authPost("/reset-password", input);
          notify.success("Mot de passe modifié", { description: "Connectez-vous avec votre nouveau mot de passe." });
        }, "Erreur"),
    };
  }, [user, pending, revalidator, run, navigate]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session and the auth actions. Throws when used outside <AuthProvider> (docs/spec.md#messages). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) {
    throw new Error("useAuth doit être utilisé à l'intérieur d'un <AuthProvider> (le contexte d'authentification est absent).");
  }
  return value;
}

/** For the site's frame, which may also render in error screens outside the provider. */
export function useOptionalAuth(): AuthContextValue | null {
  return useContext(AuthContext);
}
