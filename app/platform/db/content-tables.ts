/**
 * The content tables when migration 202611230900_content_version was written: that migration gives
 * each one its triggers, so this list never changes (a later content table goes in CONTENT_TABLES).
 */
export const FIRST_CONTENT_TABLES = [
  "settings",
  "funding_rules",
  "formation_categories",
  "cities",
  "formations",
  "formation_cities",
  "formation_sessions",
  "formation_slug_redirects",
  "blog_posts",
  "blog_post_tags",
  "blog_post_formations",
  "blog_slug_redirects",
] as const;

/**
 * Which tables reach public pages. A write to a content table bumps the content version (a
 * trigger, see content-triggers.ts), which drops the public page cache of every instance. Every
 * table is in one list or the other; a test checks it on both engines.
 */
export const CONTENT_TABLES = [
  ...FIRST_CONTENT_TABLES,
  "testimonials",
  "result_figures",
  "why_us_arguments",
  "revisions",
  // The satisfaction figures computed from the questionnaires' answers (never the answers themselves).
  "published_rates",
] as const;

/**
 * Tables whose rows never show on a public page. `users` is here on purpose: it changes at every
 * sign-in; a blog author's renamed display name reaches cached pages with their time limit.
 */
export const NON_CONTENT_TABLES = [
  "site_state",
  // Seat counts reach pages through this log, not the content version (see its migration).
  "seat_changes",
  "spool_heartbeats",
  "page_views",
  "users",
  "sessions",
  "accounts",
  "verifications",
  "rate_limits",
  "sign_in_throttles",
  "invitations",
  "audit_log",
  "leads",
  "lead_notes",
  "mail_queue",
  "lead_rate_limits",
  "formation_import_jobs",
  "formation_import_files",
  "formation_import_rejections",
  "job_leases",
  "account_mail_sends",
  "backups",
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
  "webhook_attempts",
  "registrations",
  "registration_trainees",
  "registration_status_history",
  "registration_offers",
  "document_sequences",
  "documents",
  "session_attendance",
  "document_jobs",
  "link_sign_in_tokens",
  "link_sign_in_sessions",
  "space_accesses",
  // Trainers are named on documents and in their calendar feed, never on a public page.
  "trainers",
  "trainer_slots",
  "trainer_files",
  "trainer_session_changes",
  // Questionnaires and their answers (personal data): only the computed figures reach public pages (published_rates).
  "questionnaires",
  "questionnaire_versions",
  "questionnaire_invitations",
  "questionnaire_financers",
  // The complaints register: personal data, read by staff only (docs/decisions/0035-complaints-register.md).
  "complaints",
  // Invoices and payments: read by staff and the client's space only, kept 10 years (docs/decisions/0037-invoices.md).
  "invoices",
  "invoice_payments",
  // Attendance proofs (signatures, one-time codes): personal data, never on a public page.
  "attendance_half_days",
  "attendance_records",
  "attendance_email_codes",
  // The BPF of each year (figures typed and filed): staff only (docs/decisions/0038-bpf.md).
  "bpf_years",
  // Documents signed online: signers, one-time codes, proofs and the sealing certificate (docs/decisions/0036-documents-signed-online.md).
  "signature_requests",
  "signature_signers",
  "signature_codes",
  "signing_certificates",
  // Written by triggers on the content tables and at startup; read by /recherche, which is never cached.
  "search_documents",
] as const;

/**
 * Tables computed from the others, by database triggers (see migration 202611281300): a logical
 * backup leaves them out, and a restore rebuilds them by writing the other tables (the static
 * pages' search documents are written again at the next startup).
 */
export const DERIVED_TABLES: readonly string[] = ["search_documents"];
