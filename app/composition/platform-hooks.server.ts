import { accountAuthHooks } from "~/domain/accounts/users.server";
import { mailSenderName } from "~/domain/settings/settings.server";
import { registerAccountHooks } from "~/platform/auth/auth.server";
import { registerSenderName } from "~/platform/email/mailer.server";
import { LEAD_SPOOL_KIND, replaySpooledLead } from "~/domain/leads/leads.server";
import { REGISTRATION_SPOOL_KIND, replaySpooledRegistration, serveWhenSettled } from "~/domain/registrations/registrations.server";
import { registerSpoolHandler } from "~/platform/spool/spool.server";

/**
 * What the platform asks of the domains, registered once at startup (server/app.ts `prepare`):
 * the platform never imports a domain, even dynamically (docs/architecture.md#couches).
 */
export function registerPlatformHooks(): void {
  registerAccountHooks(accountAuthHooks);
  registerSenderName(() => mailSenderName());
  // Requests and registrations the database refused wait in the local spool; the job runner stores them once it answers.
  registerSpoolHandler(LEAD_SPOOL_KIND, (entry) => replaySpooledLead(entry));
  // A replayed registration's seats are decided in arrival order once every instance replayed its own.
  registerSpoolHandler(REGISTRATION_SPOOL_KIND, async (entry) => {
    const sessionId = await replaySpooledRegistration(entry);
    if (sessionId) serveWhenSettled(sessionId);
  });
}
