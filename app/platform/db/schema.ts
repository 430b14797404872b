import type { ColumnType } from "kysely";

/**
 * Database schema types for Kysely. Portable choices, identical on SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC strings (text, sortable), booleans are integers 0/1,
 * structured values are JSON text. Each later migration extends these interfaces.
 */
export interface SettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

/** One row (id 1): the content version bumped by triggers on every content table. */
export interface SiteStateTable {
  id: number;
  content_version: ColumnType<number | string | bigint, number, number>;
}

/** A session's free seats changed (a trigger on formation_sessions): the cached pages showing them are dropped. */
export interface SeatChangesTable {
  seq: ColumnType<number | string, never, never>;
  session_id: string;
  changed_at: string; // ISO, the database's clock
}

/** One local spool (a host's DATA_DIR): what waits in it, refreshed by its instance every few seconds. */
export interface SpoolHeartbeatsTable {
  spool_id: string;
  instance_id: string;
  host: string;
  data_dir: string;
  pending: WithDefault<number>;
  oldest_pending_at: string | null; // ISO
  beat_at: string; // ISO
}

export interface PageViewsTable {
  day: string; // YYYY-MM-DD (UTC)
  path: string;
  views: number;
}

/*
 * Accounts (migration 0100_auth): Better Auth's tables. Better Auth writes dates and booleans
 * natively on PostgreSQL (timestamptz, boolean) and as ISO text and 0/1 on SQLite: read them
 * through `~/domain/accounts/users.server` helpers, which normalize both.
 */
/** A column with a default in its migration: optional when inserting. */
export type WithDefault<T> = ColumnType<T, T | undefined, T>;

export type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
export type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UsersTable {
  id: string;
  display_name: string;
  email: string;
  email_verified: AuthBool;
  image: string | null;
  role: ColumnType<string, string | undefined, string>;
  deactivated_at: AuthDate | null;
  created_at: AuthDate;
  updated_at: AuthDate;
  last_sign_in_at: AuthDate | null;
}

export interface SessionsTable {
  id: string;
  expires_at: AuthDate;
  token: string;
  created_at: AuthDate;
  updated_at: AuthDate;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: AuthDate | null;
  refresh_token_expires_at: AuthDate | null;
  scope: string | null;
  password: string | null;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: AuthDate;
  created_at: AuthDate;
  updated_at: AuthDate;
}

export interface RateLimitsTable {
  id: string;
  key: string;
  count: number;
  last_request: ColumnType<number | string, number, number>;
}

/** Wrong passwords per (account, client address) pair and per client address (migration 202611231500). */
export interface SignInThrottlesTable {
  key: string; // "pair:<email> <address>" or "address:<address>"
  kind: "pair" | "address";
  email: string | null; // null for an address counter
  address: string;
  failures: number;
  last_failure_at: string; // ISO
  locked_until: string | null; // ISO
}

/** Staff invitations (migration 202611231500): only the SHA-256 of the link's token is kept. */
export interface InvitationsTable {
  id: string;
  email: string;
  display_name: string;
  role: string; // editor | admin
  token_hash: string;
  expires_at: string; // ISO
  created_at: string; // ISO
  created_by_email: string;
  last_sent_at: string; // ISO
  send_count: ColumnType<number, number | undefined, number>;
  accepted_at: string | null;
  accepted_user_id: string | null;
  revoked_at: string | null;
}

/* Audit log (migration 0101_audit). */
export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  action: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  /** The revision this change wrote, when the content is versioned (migration 202611281200_revisions). */
  revision_id: string | null;
}

/* Funding rules of the OPCO simulator (migration 0200_funding_rules). */
export interface FundingRulesTable {
  opco: string;
  band: string;
  plan_funded: number; // 0/1
  hourly_cap_cents: number | null;
  annual_ceiling_cents: number | null;
  schemes: string; // JSON array of scheme ids
  checked_on: string; // YYYY-MM-DD
  note: string;
  updated_at: string;
}

/** Formations catalogue (migration 0300). */
export interface FormationCategoriesTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface CitiesTable {
  id: string;
  slug: string;
  name: string;
  region: string;
  intro: string;
  latitude: number;
  longitude: number;
  created_at: string;
  updated_at: string;
}

export interface FormationsTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  category_id: string;
  description: string; // Markdown
  program: string; // JSON: [{ title, content (Markdown), durationHours }]
  objectives: string; // JSON: string[]
  prerequisites: string;
  audience: string;
  duration_hours: number;
  duration_days: number;
  modality: string;
  teaching_methods: string;
  evaluation_methods: string;
  access_modalities: string;
  access_lead_time: string;
  price_inter_cents: number | null; // null: on quote
  intra_on_quote: number;
  vat_mode: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  accessibility: string;
  disability_contact_name: string;
  disability_contact_email: string;
  satisfaction_rate: number | null;
  success_rate: number | null;
  trainees_count: number | null;
  results_measured_at: string | null;
  certification_type: string;
  certification_code: string;
  certification_title: string;
  certifier: string;
  certification_registered_at: string | null;
  /** Qualiopi indicator 3 (migration 202611281210_indicator_3): for certifying formations. */
  certification_pass_rate: number | null;
  certification_candidates: number | null;
  certification_results_period: string;
  competence_blocks: string;
  partial_validation: number;
  equivalences: string;
  next_steps: string;
  career_outcomes: string;
  france_competences_url: string;
  cpf_eligible: number;
  funding_options: string; // JSON: string[]
  opcos: string; // JSON: string[]
  image: string | null; // JSON: StoredImage
  image_alt: string;
  featured: number;
  seo_title: string;
  seo_description: string;
  status: string;
  published_at: string | null;
  search_text: string; // accent-free lower-case words, for search
  created_at: string;
  updated_at: string;
}

export interface FormationCitiesTable {
  formation_id: string;
  city_id: string;
}

export interface FormationSessionsTable {
  id: string;
  formation_id: string;
  start_date: string; // YYYY-MM-DD
  end_date: string;
  city_id: string | null; // null: remote
  seats_left: number; // free seats: the one counter registrations take from (docs/decisions/0011-registrations-seats.md)
  kind: WithDefault<string>; // inter | intra
  day_start: WithDefault<string>; // HH:MM, Paris time
  day_end: WithDefault<string>;
  address: WithDefault<string>; // empty: the city
  schedule_sequence: WithDefault<number>; // SEQUENCE of its calendar events, one more at each move
  schedule_changed_at: string | null; // last move (dates, hours, place) with registrants: documents issued before are to regenerate
  created_at: string;
  updated_at: string;
}

export interface FormationSlugRedirectsTable {
  old_slug: string;
  formation_id: string;
  created_at: string;
}

/* Leads (migration 0400_leads): quote requests, contact messages, notes, mail queue. */
export interface LeadsTable {
  id: string;
  reference: string;
  kind: string; // devis | contact
  status: string; // nouveau | en_cours | traite | archive
  name: string;
  email: string;
  phone: string;
  company: string;
  siret: string;
  subject: string;
  formations: string; // JSON: [{ slug, title }]
  formation_other: string;
  trainees: number | null;
  format: string;
  period: string;
  city: string;
  funding: string;
  message: string;
  consent_at: string;
  form_token: string;
  search_text: string; // accent-free lower-case words, for search
  created_at: string;
  updated_at: string;
}

export interface LeadNotesTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  author_email: string;
  body: string;
  created_at: string;
}

export interface MailQueueTable {
  id: string;
  lead_id: string | null;
  purpose: string; // staff | ack
  to_address: string;
  reply_to: string;
  subject: string;
  text_body: string;
  html_body: string;
  state: string; // pending | sending | sent | failed
  attempts: number;
  next_attempt_at: string;
  lock_token: string | null;
  locked_until: string | null;
  last_error: string;
  sent_at: string | null;
  via: string;
  attachments: WithDefault<string>; // JSON: [{ filename, contentType, content }]
  registration_id: string | null;
  /** The complaint the mail is about (migration 202612021040_complaints). */
  complaint_id: WithDefault<string | null>;
  /** The invoice the mail is about (migration 202612021510_invoices). */
  invoice_id: WithDefault<string | null>;
  created_at: string;
  updated_at: string;
}

export interface LeadRateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/* Blog (migration 0500_blog): posts, tags, related formations, old slugs. */
export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string; // Markdown
  category: string;
  cover_image: string | null; // JSON: StoredImage
  cover_alt: string;
  author_id: string | null; // a staff account; null: the organisation
  status: string; // draft | scheduled | published
  published_at: string | null;
  seo_title: string;
  seo_description: string;
  reading_minutes: number;
  search_text: string; // accent-free lower-case words, for search
  created_at: string;
  updated_at: string;
}

export interface BlogPostTagsTable {
  post_id: string;
  slug: string;
  name: string;
}

export interface BlogPostFormationsTable {
  post_id: string;
  formation_id: string;
  position: number;
}

export interface BlogSlugRedirectsTable {
  old_slug: string;
  post_id: string;
  created_at: string;
}

/* Formation import (migration 0600_formation_import): uploads, batch jobs, rejected rows. */
export interface FormationImportJobsTable {
  id: string;
  state: string; // review (columns to check) | queued | running | done | failed | cancelled
  stage: ColumnType<string, string | undefined, string>; // what the worker is doing, in French
  all_or_nothing: ColumnType<number, number | undefined, number>; // 0/1: a file with a rejected row is not imported at all
  actor_id: string | null;
  actor_email: string;
  actor_role: string;
  total_files: ColumnType<number, number | undefined, number>;
  files_done: ColumnType<number, number | undefined, number>;
  total_rows: ColumnType<number, number | undefined, number>;
  rows_done: ColumnType<number, number | undefined, number>;
  created_count: ColumnType<number, number | undefined, number>;
  updated_count: ColumnType<number, number | undefined, number>;
  unchanged_count: ColumnType<number, number | undefined, number>;
  rejected_count: ColumnType<number, number | undefined, number>;
  incomplete_count: ColumnType<number, number | undefined, number>; // drafts to complete, among created and updated
  cancel_requested: ColumnType<number, number | undefined, number>; // 0/1
  lock_token: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  error: ColumnType<string, string | undefined, string>;
  created_at: string;
  started_at: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: string;
}

export interface FormationImportFilesTable {
  id: string;
  job_id: string | null; // null: an upload of the one-file import page
  owner_id: string | null;
  position: ColumnType<number, number | undefined, number>;
  name: string;
  size: number;
  content: string; // base64; emptied once the job is over
  state: string; // uploaded | pending | running | done | failed | cancelled
  rows: ColumnType<number, number | undefined, number>;
  created_count: ColumnType<number, number | undefined, number>;
  updated_count: ColumnType<number, number | undefined, number>;
  unchanged_count: ColumnType<number, number | undefined, number>;
  rejected_count: ColumnType<number, number | undefined, number>;
  incomplete_count: ColumnType<number, number | undefined, number>;
  ignored_columns: ColumnType<string, string | undefined, string>; // JSON: headers that matched no field
  mapping: ColumnType<string, string | undefined, string>; // JSON: the field of each column, as the editor checked it ("" before)
  preview: ColumnType<string, string | undefined, string>; // JSON: headers, a few cells and the file's description, read at upload
  write_stamps: ColumnType<string, string | undefined, string>; // JSON: the stamp of each attempt at writing it (takeover after a crash)
  error: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}

export interface FormationImportRejectionsTable {
  id: string;
  job_id: string;
  file_name: string;
  row_number: number;
  slug: string;
  title: string;
  reasons: string;
  kind: ColumnType<string, string | undefined, string>; // reject (refused row) | draft (imported, to complete)
}

/** Named leases shared by the instances: the startup lock, the housekeeping leader, task schedules. */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  expires_at: string | null; // ISO
  next_run_at: string | null; // ISO
}

/** One account e-mail sent, for the per-recipient caps (recipient: a keyed hash, never the address). */
export interface AccountMailSendsTable {
  id: string;
  recipient: string;
  purpose: string;
  sent_at: string; // ISO
}

/** Backups taken by the site (migration 202611280400_backups, docs/decisions/0012-backups.md). */
export interface BackupsTable {
  id: string;
  started_at: string; // ISO
  finished_at: string; // ISO
  state: string; // ok | failed
  file_name: string;
  size_bytes: ColumnType<number | string, number, number>; // bigint: a string on PostgreSQL
  sha256: string;
  destination: string; // local | s3
  location: string; // the folder, or s3://bucket/backups/
  method: string; // sqlite-backup | pg_dump | logical
  files: number; // uploaded files in the archive
  error: string;
}

/* Webhooks (migration 202611280410_webhooks, docs/decisions/0013-webhooks.md). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  secret: string;
  events: string; // JSON: event types
  active: number; // 0/1
  consecutive_failures: number;
  disabled_at: string | null;
  disabled_reason: string;
  created_by_email: string;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  payload: string; // JSON
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  /** « registration:<id> », « lead:<id> », « formation:<id> »: deliveries of one resource go in order. */
  resource: string;
  state: string; // pending | sending | delivered | failed
  attempts: number;
  next_attempt_at: string;
  lock_token: string | null;
  locked_until: string | null;
  last_status: number | null;
  last_error: string;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  error: string;
  duration_ms: number;
}

/**
 * Site-wide search (migration 202611281300): one document per public page that can be found.
 * Written by triggers on the content tables (and at startup for the static pages). The engine's
 * index is beside it: the FTS5 table `search_fts` on SQLite, the `tsv` column on PostgreSQL
 * (neither declared here: only raw SQL in app/domain/search reads them).
 */
export interface SearchDocumentsTable {
  seq: WithDefault<number>;
  kind: string; // formation | post | city | page
  ref_id: string; // the row's id, or the page's path
  url: string;
  title: string;
  summary: string;
  body: string;
  places: string; // city names
  visible_from: string | null; // ISO instant (a scheduled post); null: visible now
  updated_at: string;
}

export interface Database {
  job_leases: JobLeasesTable;
  account_mail_sends: AccountMailSendsTable;
  backups: BackupsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  site_state: SiteStateTable;
  seat_changes: SeatChangesTable;
  spool_heartbeats: SpoolHeartbeatsTable;
  search_documents: SearchDocumentsTable;
  formation_categories: FormationCategoriesTable;
  cities: CitiesTable;
  formations: FormationsTable;
  formation_cities: FormationCitiesTable;
  formation_sessions: FormationSessionsTable;
  formation_slug_redirects: FormationSlugRedirectsTable;
  settings: SettingsTable;
  page_views: PageViewsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  rate_limits: RateLimitsTable;
  sign_in_throttles: SignInThrottlesTable;
  invitations: InvitationsTable;
  audit_log: AuditLogTable;
  funding_rules: FundingRulesTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  mail_queue: MailQueueTable;
  lead_rate_limits: LeadRateLimitsTable;
  blog_posts: BlogPostsTable;
  blog_post_tags: BlogPostTagsTable;
  blog_post_formations: BlogPostFormationsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  formation_import_jobs: FormationImportJobsTable;
  formation_import_files: FormationImportFilesTable;
  formation_import_rejections: FormationImportRejectionsTable;
  testimonials: TestimonialsTable;
  result_figures: ResultFiguresTable;
  why_us_arguments: WhyUsArgumentsTable;
  registrations: RegistrationsTable;
  registration_trainees: RegistrationTraineesTable;
  registration_status_history: RegistrationStatusHistoryTable;
  registration_offers: RegistrationOffersTable;
  document_sequences: DocumentSequencesTable;
  documents: DocumentsTable;
  session_attendance: SessionAttendanceTable;
  document_jobs: DocumentJobsTable;
  revisions: RevisionsTable;
  link_sign_in_tokens: LinkSignInTokensTable;
  link_sign_in_sessions: LinkSignInSessionsTable;
  space_accesses: SpaceAccessesTable;
  trainers: TrainersTable;
  trainer_slots: TrainerSlotsTable;
  trainer_files: TrainerFilesTable;
  trainer_session_changes: TrainerSessionChangesTable;
  questionnaires: QuestionnairesTable;
  questionnaire_versions: QuestionnaireVersionsTable;
  questionnaire_invitations: QuestionnaireInvitationsTable;
  questionnaire_financers: QuestionnaireFinancersTable;
  published_rates: PublishedRatesTable;
  complaints: ComplaintsTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  attendance_half_days: AttendanceHalfDaysTable;
  attendance_records: AttendanceRecordsTable;
  attendance_email_codes: AttendanceEmailCodesTable;
  bpf_years: BpfYearsTable;
  signature_requests: SignatureRequestsTable;
  signature_signers: SignatureSignersTable;
  signature_codes: SignatureCodesTable;
  signing_certificates: SigningCertificatesTable;
}

/** Registrations to sessions (migration 202611280200_registrations). */
export interface RegistrationsTable {
  id: string;
  reference: string;
  session_id: string;
  formation_id: string;
  buyer_kind: string; // entreprise | particulier
  company_name: string;
  siret: string;
  street: string;
  postal_code: string;
  city: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  funding: string; // opco | cpf | france_travail | fonds_propres
  opco: string;
  accessibility_needs: string;
  cgv_version_id: string | null;
  ri_version_id: string | null;
  status: string; // recue | confirmee | en_attente | annulee
  seats: number;
  source: string; // en_ligne | manuel
  waitlisted_at: string | null;
  /** Stored from an instance's spool at (ISO): its seats not decided yet (docs/decisions/0011-registrations-seats.md). */
  spool_pending_at: ColumnType<string | null, string | null | undefined, string | null>;
  final_on: string | null; // YYYY-MM-DD: end of an individual's withdrawal period
  /** YYYY-MM-DD: the signing day of an individual's contract, start of the withdrawal period (null: counted from the registration). */
  withdrawal_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the convention or contract was signed (online or on paper). */
  agreement_signed_at: ColumnType<string | null, string | null | undefined, string | null>;
  form_token: string | null;
  lead_id: ColumnType<string | null, string | null | undefined, string | null>; // the quote request it was made from
  /** The OPCO's « numéro de prise en charge » (migration 202612021510_invoices). */
  opco_agreement_number: WithDefault<string>;
  /** The amount HT, in cents, the OPCO covers by subrogation; null: not captured. */
  opco_covered_cents: WithDefault<number | null>;
  created_at: string;
  updated_at: string;
}

export interface RegistrationTraineesTable {
  id: string;
  registration_id: string;
  position: number;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
}

export interface RegistrationStatusHistoryTable {
  id: string;
  registration_id: string;
  status: string;
  actor_id: string | null;
  actor_label: string;
  reason: string;
  created_at: string;
}

export interface RegistrationOffersTable {
  id: string;
  registration_id: string;
  session_id: string;
  seats: number;
  state: string; // open | accepted | expired | withdrawn
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/**
 * Every saved state of a versioned content (migration 202611281200_revisions): formation, blog post,
 * testimonial, figure, argument, settings, funding rules, CGV and règlement intérieur. `content` is
 * the whole content as JSON (`encoding` "json") or gzip in base64 (`encoding` "gzip").
 */
export interface RevisionsTable {
  id: string;
  entity_type: string;
  entity_id: string;
  /** 1: this state was (or became) public; kept forever. 0: a draft, pruned to the latest 50. */
  published: number;
  encoding: string;
  content: string;
  title: string;
  summary: string;
  restored_from: string | null;
  author_id: string | null;
  author_email: string;
  created_at: string;
}

/** Public claims (migration 202611231700_claims, see docs/claims.md). Booleans are 0/1. */
export interface TestimonialsTable {
  id: string;
  quote: string;
  first_name: string;
  last_initial: string;
  /** Company or role, as shown under the name. */
  context: string;
  formation_id: string | null;
  formation_title: string;
  /** "YYYY-MM-DD". */
  given_on: string;
  rating: number | null;
  consent: number;
  consent_on: string | null;
  published: number;
  position: number;
  is_demo: number;
  created_at: string;
  updated_at: string;
}

export interface ResultFiguresTable {
  id: string;
  label: string;
  figure: string;
  period: string;
  sample_size: number;
  measured_on: string;
  position: number;
  is_demo: number;
  /** What the questionnaires now compute (satisfaction | note | recommandation), or "" (migration 202612021030). */
  measure: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

export interface WhyUsArgumentsTable {
  id: string;
  title: string;
  body: string;
  position: number;
  is_demo: number;
  created_at: string;
  updated_at: string;
}

/** Training documents (migration 202611281100_documents, docs/decisions/0016-training-documents-pdf.md). */
export interface DocumentSequencesTable {
  kind: string;
  year: number;
  last_number: WithDefault<number>;
}

export interface DocumentsTable {
  id: string;
  number: string; // CONV-2027-0001
  kind: string; // convention | contrat | convocation | emargement | certificat | mission | sous-traitance
  subject_key: string; // what it is about: kind + registration, trainee or session (versions of one document)
  session_id: string;
  registration_id: string | null;
  trainee_id: string | null;
  trainer_id: string | null; // a lettre de mission or contrat de sous-traitance: the trainer it is about
  version: number;
  state: string; // actif | remplace
  storage_key: string;
  filename: string;
  size: number;
  sent_to: WithDefault<string>; // addresses, comma-separated
  sent_at: string | null;
  /** Signed (online or on paper): the document is never generated again (app/domain/signatures). */
  signed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: string;
}

export interface SessionAttendanceTable {
  trainee_id: string;
  session_id: string;
  half_days: WithDefault<string>; // JSON: ["2027-03-25:matin", "2027-03-25:apres-midi"]
  result: WithDefault<string>; // acquis | en_cours | non_acquis | ""
  updated_by: string;
  updated_at: string;
}

export interface DocumentJobsTable {
  id: string;
  session_id: string;
  kind: string; // convocation | certificat
  send: WithDefault<number>; // 0/1: also e-mail each document
  state: string; // queued | running | done | failed
  total: WithDefault<number>;
  done: WithDefault<number>;
  targets: WithDefault<string>; // JSON: trainee ids still to do
  lock_token: ColumnType<string | null, string | null | undefined, string | null>;
  locked_until: ColumnType<string | null, string | null | undefined, string | null>;
  error: WithDefault<string>;
  actor_email: string;
  created_at: string;
  updated_at: string;
}

/** Sign-in by link (migration 202612020600_link_sign_in, docs/decisions/0029-space-sign-in-by-link.md). */
export interface LinkSignInTokensTable {
  id: string;
  realm: string; // "espace"
  subject: string; // the person's e-mail, lower case
  token_hash: string; // SHA-256 of the link's secret, hex
  next_path: WithDefault<string>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LinkSignInSessionsTable {
  id: string;
  realm: string;
  subject: string;
  secret_hash: string; // SHA-256 of the cookie's secret, hex
  expires_at: string; // sliding: last use + 30 days
  revoked_at: string | null;
  created_at: string;
  last_seen_at: string;
}

export interface SpaceAccessesTable {
  id: string;
  person: string; // pseudonym() of the e-mail
  client: string; // pseudonym() of the client address
  event: string; // connexion | consultation | lien-envoye-equipe
  path: WithDefault<string>;
  created_at: string;
}

/** Trainers (migration 202612020700_trainers, docs/decisions/0030-trainer-slots.md). */
export interface TrainersTable {
  id: string;
  name: string;
  email: string;
  phone: WithDefault<string>;
  status: string; // interne | independant | societe
  company_name: WithDefault<string>; // external: the trainer's company (subcontracting)
  siret: WithDefault<string>;
  nda: WithDefault<string>; // activity declaration number, when they have one
  qualifications: WithDefault<string>; // JSON string[]
  areas: WithDefault<string>; // JSON string[]
  competences: WithDefault<string>; // JSON Array<{ date, kind, label }> (Qualiopi indicator 22)
  archived: WithDefault<number>;
  feed_token_hash: string | null; // SHA-256 of the calendar subscription link's secret; null: no link
  created_at: string;
  updated_at: string;
}

/** One half-day of a trainer: taught on a session, or unavailable (session_id null); UNIQUE (trainer_id, slot). */
export interface TrainerSlotsTable {
  id: string;
  trainer_id: string;
  slot: string; // YYYY-MM-DD:matin | YYYY-MM-DD:apres-midi
  session_id: string | null;
  created_by: WithDefault<string>;
  created_at: string;
}

/** A trainer's CV or diploma (migration 202612021010_trainer_missions): a private file, deleted with the trainer. */
export interface TrainerFilesTable {
  id: string;
  trainer_id: string;
  kind: string; // cv | diplome
  filename: string; // as staff sent it, for the download
  content_type: string; // application/pdf | image/png | image/jpeg | image/webp (read from the content)
  size: number;
  storage_key: string; // formateurs/pieces/<written at, ms>-<id>.<ext>
  created_by: string;
  created_at: string;
}

/** When a trainer's half-days on a session last changed: the documents naming the trainers issued before are « à régénérer ». */
export interface TrainerSessionChangesTable {
  session_id: string;
  trainer_id: string;
  changed_at: string;
}

/** Questionnaires (migration 202612021030_questionnaires, README « Questionnaires »). */
export interface QuestionnairesTable {
  id: string;
  use: string; // a_chaud | a_froid | client | formateur | financeur | positionnement | evaluation
  scope: WithDefault<string>; // "" (the organisation) or the formation's id
  formation_id: string | null;
  title: string;
  intro: WithDefault<string>;
  pass_percent: WithDefault<number>;
  active: WithDefault<number>;
  current_version: WithDefault<number>;
  created_at: string;
  updated_at: string;
}

export interface QuestionnaireVersionsTable {
  id: string;
  questionnaire_id: string;
  version: number;
  questions: string; // JSON: Question[]
  created_by: WithDefault<string>;
  created_at: string;
}

/** One questionnaire sent to one person: UNIQUE (use, person_key, scope). */
export interface QuestionnaireInvitationsTable {
  id: string;
  questionnaire_id: string;
  use: string;
  person_kind: string; // stagiaire | contact | formateur | financeur
  person_key: string; // trainee, registration, trainer or financer id
  scope: string; // session id, or the year (financers)
  version_id: string | null; // the version answered (set at the first save)
  formation_id: string | null;
  session_id: string | null;
  session_end: string | null; // YYYY-MM-DD
  registration_id: string | null;
  email: WithDefault<string>;
  person_name: WithDefault<string>;
  state: WithDefault<string>; // envoyee | commencee | repondue
  sent_at: string;
  reminded_at: string | null;
  answered_at: string | null;
  answers: WithDefault<string>; // JSON: Answers
  overall: number | null; // 1–5: the à-chaud overall question
  recommend: number | null; // 1 oui, 0 non
  score: number | null; // quiz score, percent
  flagged: WithDefault<number>; // positioning: prerequisites not met
  anonymised_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface QuestionnaireFinancersTable {
  id: string;
  kind: string; // opco | entreprise
  name: string;
  email: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

/** The published satisfaction figures: scope "organisation" or a formation's id. */
export interface PublishedRatesTable {
  scope: string;
  answers: WithDefault<number>;
  satisfied: WithDefault<number>;
  rating_sum: WithDefault<number>;
  recommend_answers: WithDefault<number>;
  recommend_yes: WithDefault<number>;
  first_day: string | null;
  last_day: string | null;
  since: string | null; // the first à-chaud questionnaire sent: typed figures are for periods before it
  computed_at: string;
}

/** The complaints register (migration 202612021040_complaints, docs/decisions/0035-complaints-register.md). */
export interface ComplaintsTable {
  id: string;
  reference: string; // REC-2026-0001
  source: string; // contact | espace-client | espace-stagiaire
  name: WithDefault<string>;
  email: WithDefault<string>;
  phone: WithDefault<string>;
  registration_id: string | null;
  about: WithDefault<string>;
  message: WithDefault<string>;
  status: string; // recue | en_cours | repondue | close
  received_at: string;
  started_at: string | null;
  answered_at: string | null;
  answer: WithDefault<string>;
  answered_by: WithDefault<string>;
  corrective_action: WithDefault<string>;
  closed_at: string | null;
  lead_id: string | null;
  erased_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Invoices, deposit invoices and credit notes (migration 202612021510_invoices, docs/decisions/0037-invoices.md). */
export interface InvoicesTable {
  id: string;
  number: string | null; // FAC-2027-0001 | AV-2027-0001; null: a draft
  kind: string; // facture | acompte | avoir
  status: string; // brouillon | emise | envoyee | payee_partiellement | payee | annulee
  year: number | null; // year of issue
  registration_id: string | null;
  session_id: string | null;
  credited_invoice_id: string | null; // a credit note: the invoice it cancels (all or part)
  deducted: WithDefault<string>; // JSON: ids of the deposit invoices a final invoice deducts
  payer_kind: string; // entreprise | opco | particulier | pouvoir_public | cpf | france_travail | organisme | autre
  payer_name: string;
  payer_business: WithDefault<number>; // 1: a business client (penalties, 40 € indemnity)
  payer_siren: WithDefault<string>;
  payer_vat_number: WithDefault<string>;
  payer_street: WithDefault<string>;
  payer_postal_code: WithDefault<string>;
  payer_city: WithDefault<string>;
  payer_email: WithDefault<string>;
  delivery_address: WithDefault<string>; // "" when the same as the payer's
  agreement_number: WithDefault<string>; // an OPCO's « numéro de prise en charge »
  buyer_reference: WithDefault<string>; // the client's order reference
  lines: WithDefault<string>; // JSON: InvoiceLine[]
  vat_exempt: WithDefault<number>;
  vat_rate: WithDefault<number>; // percent
  total_ht_cents: WithDefault<number>;
  vat_cents: WithDefault<number>;
  total_ttc_cents: WithDefault<number>;
  paid_cents: WithDefault<number>;
  issued_on: string | null; // YYYY-MM-DD (Paris)
  due_on: string | null;
  sent_at: string | null;
  paid_on: string | null;
  reminders: WithDefault<number>;
  last_reminder_on: string | null;
  seller: WithDefault<string>; // JSON: the organisation's identity at issue
  terms: WithDefault<string>; // JSON: payment terms at issue
  note: WithDefault<string>;
  storage_key: string | null; // the PDF/A-3 (Factur-X), written once
  created_by: WithDefault<string>;
  issued_by: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  paid_on: string; // YYYY-MM-DD
  amount_cents: number;
  method: string; // virement | cheque | carte | prelevement | especes | autre
  reference: WithDefault<string>;
  recorded_by: WithDefault<string>;
  created_at: string;
}

/** Attendance signed online (migration 202612021020_attendance, docs/decisions/0033-attendance-signed-online.md). */
export interface AttendanceHalfDaysTable {
  id: string;
  session_id: string;
  half_day: string; // 2027-03-25:matin
  seq: WithDefault<number>; // records in the chain
  last_hash: WithDefault<string>; // hash of the last record, "" before the first
  closed_at: string | null; // countersigned: closed
  closed_by: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

export interface AttendanceRecordsTable {
  id: string;
  session_id: string;
  half_day: string;
  seq: number; // 1, 2, … within the half-day
  event: string; // signature | statut | contre-signature | papier | connexion
  trainee_id: string | null;
  trainee_name: WithDefault<string>;
  status: WithDefault<string>; // present | absent | retard | depart | ""
  method: WithDefault<string>; // salle | email | papier | formateur | equipe | ""
  signature_kind: WithDefault<string>; // dessin | nom | ""
  signature: WithDefault<string>; // PNG data URL or the typed name; "" once erased
  signature_sha256: WithDefault<string>; // what the chain keeps of the signature
  reason: WithDefault<string>;
  actor_kind: string; // stagiaire | formateur | equipe
  actor_name: WithDefault<string>;
  actor_email: WithDefault<string>;
  ip: WithDefault<string>;
  user_agent: WithDefault<string>;
  file_key: WithDefault<string>;
  file_name: WithDefault<string>;
  created_at: string;
  prev_hash: string;
  hash: string;
}

export interface AttendanceEmailCodesTable {
  id: string;
  session_id: string;
  half_day: string;
  trainee_id: string;
  code_hash: string; // SHA-256, hex
  attempts: WithDefault<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** One year of the BPF (migration 202612021520_bpf, docs/legal/bpf.md): what staff typed, and the figures as filed once locked. */
export interface BpfYearsTable {
  year: number;
  entries: WithDefault<string>; // JSON: { [box]: number } typed by staff (frame D, F-2 b, G, share of turnover)
  filed: string | null; // JSON: { [box]: number } as filed; null while the year is open
  locked_at: string | null;
  locked_by: WithDefault<string>;
  created_at: string;
  updated_at: string;
}

/** Documents signed online (migration 202612021500_signatures, docs/decisions/0036-documents-signed-online.md). */
export interface SignatureRequestsTable {
  id: string;
  document_id: string;
  kind: string; // devis | convention | contrat
  number: string;
  registration_id: string | null;
  lead_id: string | null;
  signer_name: string;
  signer_email: string;
  state: string; // a_envoyer | envoye | signe_client | signe | refuse | expire | hors_plateforme
  refusal_reason: WithDefault<string>;
  failed_tries: WithDefault<number>;
  locked_at: string | null;
  sent_at: string | null;
  reminded_at: string | null;
  expires_at: string | null;
  signed_at: string | null;
  original_sha256: WithDefault<string>;
  sealed_key: WithDefault<string>;
  sealed_sha256: WithDefault<string>;
  scan_key: WithDefault<string>;
  scan_name: WithDefault<string>;
  scan_type: WithDefault<string>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SignatureSignersTable {
  id: string;
  request_id: string;
  role: string; // client | organisme
  name: string;
  quality: WithDefault<string>;
  email: string;
  method: string; // code-email
  ip: WithDefault<string>;
  user_agent: WithDefault<string>;
  code_sent_at: string | null;
  code_mail_id: string | null;
  drawing: WithDefault<string>; // PNG data URL, or ""
  document_sha256: string;
  signed_at: string;
}

export interface SignatureCodesTable {
  id: string;
  request_id: string;
  role: string;
  sent_to: string;
  code_hash: string;
  mail_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SigningCertificatesTable {
  id: string;
  source: string; // genere | televerse
  p12: string; // base64
  passphrase: string;
  subject: string;
  fingerprint: string; // SHA-256 of the certificate, hex
  not_after: string;
  created_by: string;
  created_at: string;
}
