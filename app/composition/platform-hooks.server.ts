import { accountAuthHooks } from "~/domain/accounts/users.server";
import { mailSenderName } from "~/domain/settings/settings.server";
import { registerAccountHooks } from "~/platform/auth/auth.server";
import { registerSenderName } from "~/platform/email/mailer.server";

/**
 * What the platform asks of the domains, registered once at startup (server/app.ts `prepare`):
 * the platform never imports a domain, even dynamically (docs/architecture.md#couches).
 */
export function registerPlatformHooks(): void {
  registerAccountHooks(accountAuthHooks);
  registerSenderName(() => mailSenderName());
}
