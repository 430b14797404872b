import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_settings";
import * as m0010 from "./0010_page_views";
import * as m0100 from "./0100_auth";
import * as m0101 from "./0101_audit";
import * as m0102 from "./0102_last_sign_in";
import * as m0200 from "./0200_funding_rules";
import * as m0300 from "./0300_formations";
import * as m0400 from "./0400_leads";
import * as m0500 from "./0500_blog";
import * as m0600 from "./0600_formation_import";
import * as m202611230900 from "./202611230900_content_version";
import * as m202611231100 from "./202611231100_mail_queue_recipient_index";
import * as m202611231400 from "./202611231400_formation_listing_index";
import * as m202611231500 from "./202611231500_accounts_invitations_throttles";
import * as m202611231530 from "./202611231530_formation_import_review";
import * as m202611231600 from "./202611231600_job_leases";
import * as m202611231700 from "./202611231700_claims";
import * as m202611232000 from "./202611232000_drop_user_permissions";
import * as m202611261700 from "./202611261700_formation_order_indexes";
import * as m202611280100 from "./202611280100_account_mail_sends";
import * as m202611280101 from "./202611280101_import_write_stamps";
import * as m202611280200 from "./202611280200_registrations";
import * as m202611280210 from "./202611280210_mail_attachments";
import * as m202611280220 from "./202611280220_legal_documents";
import * as m202611280400 from "./202611280400_backups";
import * as m202611280410 from "./202611280410_webhooks";
import * as m202611280500 from "./202611280500_catalogue_order_indexes";
import * as m202611281100 from "./202611281100_documents";
import * as m202611281200 from "./202611281200_revisions";
import * as m202611281210 from "./202611281210_indicator_3";
import * as m202611281300 from "./202611281300_search_documents";
import * as m202612020100 from "./202612020100_webhook_order";
import * as m202612020400 from "./202612020400_registration_replay_order";
import * as m202612020410 from "./202612020410_seat_changes_spool_heartbeats";
import * as m202612020420 from "./202612020420_session_schedule";
import * as m202612020430 from "./202612020430_search_lines";
import * as m202612020440 from "./202612020440_session_schedule_is_content";
import * as m202612020600 from "./202612020600_link_sign_in";
import * as m202612020700 from "./202612020700_trainers";
import * as m202612021010 from "./202612021010_trainer_missions";
import * as m202612021020 from "./202612021020_attendance";
import * as m202612021030 from "./202612021030_questionnaires";
import * as m202612021040 from "./202612021040_complaints";
import * as m202612021500 from "./202612021500_signatures";
import * as m202612021510 from "./202612021510_invoices";
import * as m202612021520 from "./202612021520_bpf";

/**
 * Versioned migrations, in order. A new migration is a file `YYYYMMDDHHMM_name.ts` (the time it
 * was written, so that names sort in the order they must run) with `up`/`down`, listed here last:
 * the list is bundled with the server, so no file-system scan is needed at startup.
 */
export const migrations: Record<string, Migration> = {
  "0001_settings": m0001,
  "0010_page_views": m0010,
  "0100_auth": m0100,
  "0101_audit": m0101,
  "0102_last_sign_in": m0102,
  "0200_funding_rules": m0200,
  "0300_formations": m0300,
  "0400_leads": m0400,
  "0500_blog": m0500,
  "0600_formation_import": m0600,
  "202611230900_content_version": m202611230900,
  "202611231100_mail_queue_recipient_index": m202611231100,
  "202611231400_formation_listing_index": m202611231400,
  "202611231500_accounts_invitations_throttles": m202611231500,
  "202611231530_formation_import_review": m202611231530,
  "202611231600_job_leases": m202611231600,
  "202611231700_claims": m202611231700,
  "202611232000_drop_user_permissions": m202611232000,
  "202611261700_formation_order_indexes": m202611261700,
  "202611280100_account_mail_sends": m202611280100,
  "202611280101_import_write_stamps": m202611280101,
  "202611280200_registrations": m202611280200,
  "202611280210_mail_attachments": m202611280210,
  "202611280220_legal_documents": m202611280220,
  "202611280400_backups": m202611280400,
  "202611280410_webhooks": m202611280410,
  "202611280500_catalogue_order_indexes": m202611280500,
  "202611281100_documents": m202611281100,
  "202611281200_revisions": m202611281200,
  "202611281210_indicator_3": m202611281210,
  "202611281300_search_documents": m202611281300,
  "202612020100_webhook_order": m202612020100,
  "202612020400_registration_replay_order": m202612020400,
  "202612020410_seat_changes_spool_heartbeats": m202612020410,
  "202612020420_session_schedule": m202612020420,
  "202612020430_search_lines": m202612020430,
  "202612020440_session_schedule_is_content": m202612020440,
  "202612020600_link_sign_in": m202612020600,
  "202612020700_trainers": m202612020700,
  "202612021010_trainer_missions": m202612021010,
  "202612021020_attendance": m202612021020,
  "202612021030_questionnaires": m202612021030,
  "202612021040_complaints": m202612021040,
  "202612021500_signatures": m202612021500,
  "202612021510_invoices": m202612021510,
  "202612021520_bpf": m202612021520,
};
