import { SqliteAdapter, sql } from "kysely";
import type { Db } from "../db/db.server";
import { eraseOutboxMailsOf } from "../email/mailer.server";
import { forgetLinkSignIn } from "../link-sign-in/link-sign-in.server";
import { log } from "../log.server";

/**
 * After personal data was deleted from the database (right to erasure, retention), the other
 * copies the site controls go too:
 * - the local outbox's e-mails to or about these addresses;
 * - their sign-in links and sessions of the spaces (app/platform/link-sign-in);
 * - on SQLite, the write-ahead log, which still holds the pages as they were before the deletion:
 *   it is checkpointed into the database and truncated (the database itself runs with
 *   `secure_delete`, so deleted rows are overwritten with zeros, not left in free pages).
 * PostgreSQL's copies (dead tuples until autovacuum, the WAL, backups) are the operator's: see
 * README « Données personnelles ».
 * Runs after the deleting transaction committed; never fails the erasure itself.
 *
 * Never erased, whoever asks: the invoices, credit notes and their payments (app/domain/invoices,
 * tables `invoices` and `invoice_payments`). They are accounting records kept 10 years (Code de
 * commerce L123-22; CGI and LPF L102 B for the tax administration), a legal obligation that the
 * right to erasure yields to (RGPD art. 17.3 b): README « Données personnelles ».
 */
export async function eraseCopies(target: Db, addresses: string[]): Promise<void> {
  try {
    const mails = eraseOutboxMailsOf(addresses);
    if (mails > 0) log.info("Effacement : e-mails de la boîte d'envoi locale supprimés", { count: mails });
  } catch (error) {
    log.error("Effacement : boîte d'envoi locale non nettoyée", { error: String((error as Error)?.message ?? error) });
  }
  try {
    await forgetLinkSignIn(target, addresses);
  } catch (error) {
    log.error("Effacement : liens et sessions des espaces non supprimés", { error: String((error as Error)?.message ?? error) });
  }
  await checkpointAfterErasure(target);
}

/** SQLite: folds the write-ahead log into the database and truncates it (no-op on PostgreSQL). */
export async function checkpointAfterErasure(target: Db): Promise<void> {
  if (!(target.getExecutor().adapter instanceof SqliteAdapter)) return;
  try {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(target);
  } catch (error) {
    log.warn("Effacement : point de contrôle du journal SQLite impossible", { error: String((error as Error)?.message ?? error) });
  }
}
