// Schema migrations, applied in order once each, on PGlite and PostgreSQL alike.
// Every content row carries user_id; child rows reference their parent by (id, user_id) so a row can
// never point into another user's folder, even through a bug in a route.
import type { Db } from "./types";

export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE users (
  id text PRIMARY KEY,
  account text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text NOT NULL,
  industry text NOT NULL,
  head_pic text NOT NULL DEFAULT '',
  is_member boolean NOT NULL DEFAULT false,
  member_expire timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE TABLE verification_codes (
  account text PRIMARY KEY,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0
);
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL,
  blocked_until timestamptz
);
CREATE TABLE template_classes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, user_id)
);
CREATE INDEX template_classes_user ON template_classes(user_id, created_at);
CREATE TABLE templates (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  class_id text NOT NULL,
  name text NOT NULL,
  width double precision NOT NULL,
  height double precision NOT NULL,
  file_url text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  platform integer NOT NULL DEFAULT 2,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (class_id, user_id) REFERENCES template_classes(id, user_id) ON DELETE CASCADE,
  UNIQUE (user_id, class_id, name)
);
CREATE INDEX templates_user_updated ON templates(user_id, updated_at DESC);
CREATE TABLE cloud_classes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type integer NOT NULL CHECK (type IN (1, 2)),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, user_id)
);
CREATE INDEX cloud_classes_user ON cloud_classes(user_id, type, created_at);
CREATE TABLE cloud_files (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  class_id text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  file_key text NOT NULL DEFAULT '',
  size integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (class_id, user_id) REFERENCES cloud_classes(id, user_id) ON DELETE CASCADE
);
CREATE INDEX cloud_files_user ON cloud_files(user_id, class_id);
CREATE TABLE upload_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bucket text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);`,
  },
  {
    // Cloud printing (issue 9): devices bound to a user, their queued jobs, and print history.
    version: 2,
    sql: `
CREATE TABLE devices (
  sn text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  type integer NOT NULL DEFAULT 1 CHECK (type IN (1, 2)),
  key_hash text NOT NULL,
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX devices_user ON devices(user_id, created_at);
CREATE TABLE print_jobs (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  sn text NOT NULL REFERENCES devices(sn) ON DELETE CASCADE,
  files text NOT NULL,
  print_type text NOT NULL,
  copies integer NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  taken_at timestamptz
);
CREATE INDEX print_jobs_device ON print_jobs(sn, status, created_at);
CREATE TABLE print_history (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  width double precision NOT NULL DEFAULT 0,
  height double precision NOT NULL DEFAULT 0,
  copies integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX print_history_user ON print_history(user_id, created_at DESC);
CREATE TABLE template_use (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  template_id text NOT NULL,
  kind text NOT NULL,
  uses integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, template_id, kind)
);`,
  },
  {
    // Cloud printing (issue 9): a print assistant registers itself and shows a verification code the
    // user binds it with; jobs count delivery attempts so unacknowledged ones can be re-queued.
    version: 3,
    sql: `
CREATE TABLE device_registrations (
  sn text PRIMARY KEY,
  key_hash text NOT NULL,
  code_hash text NOT NULL,
  name text NOT NULL DEFAULT '',
  last_seen timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE print_jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE print_jobs ADD COLUMN done_at timestamptz;
CREATE INDEX print_jobs_taken ON print_jobs(taken_at) WHERE status IN ('sent', 'printing');`,
  },
  {
    // Security (issue 14): upload tokens belong to the session that asked for them and die with it;
    // indexes for the scheduled purge of expired rows; a version per template (stale saves conflict).
    version: 4,
    sql: `
DELETE FROM upload_tokens;
ALTER TABLE upload_tokens ADD COLUMN session_hash text NOT NULL REFERENCES sessions(token_hash) ON DELETE CASCADE;
CREATE INDEX upload_tokens_expires ON upload_tokens(expires_at);
CREATE INDEX sessions_expires ON sessions(expires_at);
CREATE INDEX verification_codes_expires ON verification_codes(expires_at);
CREATE INDEX rate_limits_window ON rate_limits(window_start);
ALTER TABLE templates ADD COLUMN version integer NOT NULL DEFAULT 1;`,
  },
  {
    // Data recovery (issue 16): deleting marks the row with its deletion time; the purge removes rows
    // deleted more than 6 months ago. A name is unique among live templates only, so a deleted one
    // never blocks saving a new one under its name.
    version: 5,
    sql: `
ALTER TABLE templates ADD COLUMN deleted_at timestamptz;
ALTER TABLE template_classes ADD COLUMN deleted_at timestamptz;
ALTER TABLE cloud_classes ADD COLUMN deleted_at timestamptz;
ALTER TABLE cloud_files ADD COLUMN deleted_at timestamptz;
ALTER TABLE templates DROP CONSTRAINT templates_user_id_class_id_name_key;
CREATE UNIQUE INDEX templates_live_name ON templates(user_id, class_id, name) WHERE deleted_at IS NULL;
CREATE INDEX templates_deleted ON templates(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX template_classes_deleted ON template_classes(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX cloud_classes_deleted ON cloud_classes(deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX cloud_files_deleted ON cloud_files(deleted_at) WHERE deleted_at IS NOT NULL;`,
  },
  {
    // Feedback and help (issue 22): feedback from the form (the user, if signed in, is kept as its
    // account too, so the row survives the account's deletion), "was this helpful" counts per
    // article and language, and the guided tours each user has seen.
    version: 6,
    sql: `
CREATE TABLE feedback (
  id text PRIMARY KEY,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  account text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('bug', 'suggestion', 'question', 'other')),
  description text NOT NULL,
  contact text NOT NULL DEFAULT '',
  screenshot_key text NOT NULL DEFAULT '',
  page text NOT NULL DEFAULT '',
  app_version text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created ON feedback(created_at DESC);
CREATE TABLE help_votes (
  slug text NOT NULL,
  language text NOT NULL,
  yes integer NOT NULL DEFAULT 0,
  no integer NOT NULL DEFAULT 0,
  PRIMARY KEY (slug, language)
);
CREATE TABLE user_tours (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tour text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tour)
);`,
  },
  {
    // Signing in with another account (issue 22): identities of OpenID Connect providers linked to a
    // user (issuer + subject), and sign-ins under way (state, nonce, PKCE verifier), held by the hash
    // of a cookie of the browser that started them; an unknown identity waits there to be bound.
    version: 7,
    sql: `
CREATE TABLE oidc_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX oidc_identities_user ON oidc_identities(user_id);
CREATE TABLE oidc_flows (
  flow_hash text PRIMARY KEY,
  provider text NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  next_path text NOT NULL DEFAULT '',
  issuer text,
  subject text,
  email text NOT NULL DEFAULT '',
  name text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_flows_expires ON oidc_flows(expires_at);`,
  },
  {
    // Sharing by code (issue 17): shares of a template or a template folder, the users who added
    // each code, and the folder-sharing switch (on for all folders by default).
    version: 8,
    sql: `
CREATE TABLE shares (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('template', 'folder')),
  target_id text NOT NULL,
  days integer NOT NULL CHECK (days IN (1, 7, 30)),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  uses integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shares_user ON shares(user_id, created_at DESC);
CREATE TABLE share_redemptions (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  share_id text NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, share_id)
);
CREATE INDEX share_redemptions_share ON share_redemptions(share_id);
ALTER TABLE users ADD COLUMN share_folders boolean NOT NULL DEFAULT true;`,
  },
  {
    // Membership, payment and cloud space (issue 18): plans (membership terms and space packages) and
    // privileges the operator sets, payment orders and the callbacks already taken (replay guard),
    // and redeem codes (stored hashed). Paid orders and used codes are the purchase records.
    version: 9,
    sql: `
CREATE TABLE member_plans (
  m_id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'member' CHECK (kind IN ('member', 'space')),
  term_days integer NOT NULL CHECK (term_days > 0),
  space_mb integer NOT NULL DEFAULT 0 CHECK (space_mb >= 0),
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  original_cents integer NOT NULL CHECK (original_cents >= 0),
  currency_symbol text NOT NULL DEFAULT '$',
  is_recommend integer NOT NULL DEFAULT 0 CHECK (is_recommend IN (0, 1)),
  is_preference integer NOT NULL DEFAULT 0 CHECK (is_preference IN (0, 1)),
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE member_privileges (
  id text PRIMARY KEY,
  name text NOT NULL,
  ico text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
CREATE TABLE payment_orders (
  o_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  m_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('member', 'space')),
  term_days integer NOT NULL,
  space_mb integer NOT NULL DEFAULT 0,
  amount_cents integer NOT NULL,
  currency_symbol text NOT NULL,
  provider text NOT NULL,
  status integer NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3, 4)),
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  valid_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_user ON payment_orders(user_id, created_at DESC);
CREATE TABLE payment_callbacks (
  provider text NOT NULL,
  nonce text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, nonce)
);
CREATE TABLE redeem_codes (
  code_hash text PRIMARY KEY,
  days integer NOT NULL CHECK (days > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  used_by text REFERENCES users(id) ON DELETE SET NULL,
  used_at timestamptz,
  valid_until timestamptz
);
CREATE INDEX redeem_codes_used_by ON redeem_codes(used_by, used_at DESC);`,
  },
  {
    // Print records (issue 17): what each print job was (the spec's preview-image record plus the
    // printer kind and name, the records chosen, labels and pages), and the print-record switch.
    version: 10,
    sql: `
ALTER TABLE print_history ADD COLUMN file_web text NOT NULL DEFAULT '';
ALTER TABLE print_history ADD COLUMN is_copy boolean NOT NULL DEFAULT false;
ALTER TABLE print_history ADD COLUMN tmp_type text NOT NULL DEFAULT '';
ALTER TABLE print_history ADD COLUMN data_type text NOT NULL DEFAULT 'label';
ALTER TABLE print_history ADD COLUMN printer_kind text NOT NULL DEFAULT '';
ALTER TABLE print_history ADD COLUMN printer text NOT NULL DEFAULT '';
ALTER TABLE print_history ADD COLUMN records text NOT NULL DEFAULT '';
ALTER TABLE print_history ADD COLUMN labels integer NOT NULL DEFAULT 0;
ALTER TABLE print_history ADD COLUMN pages integer NOT NULL DEFAULT 0;
CREATE INDEX print_history_created ON print_history(created_at);
ALTER TABLE users ADD COLUMN record_prints boolean NOT NULL DEFAULT true;`,
  },
  {
    // Settings and large folders (issue 16): each user's settings (model/settings.ts, as JSON,
    // checked on every write) follow them between browsers; a folder's template list (newest change
    // first, or by name) reads an index of the live templates instead of the whole table.
    version: 12,
    sql: `
CREATE TABLE user_settings (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  settings jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX templates_folder_updated ON templates(user_id, class_id, updated_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX templates_folder_name ON templates(user_id, class_id, lower(name)) WHERE deleted_at IS NULL;`,
  },
  {
    // Picture to label (issue 19): generations per user and day (UTC), counted by the server.
    version: 13,
    sql: `
CREATE TABLE ai_trials (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);`,
  },
  {
    // Several API processes (issue 15): when each scheduled job last ran anywhere, so a job runs
    // once per period for the whole cluster (db/jobs.ts), not once per process.
    version: 15,
    sql: `
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  ran_at timestamptz NOT NULL
);`,
  },
  {
    // A share carries what its labels need (issues 33 and 34): the exact stored objects (their
    // spreadsheets and linked pictures) recorded for it, readable only while the share is live.
    version: 16,
    sql: `
CREATE TABLE share_files (
  share_id text NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
  key text NOT NULL,
  PRIMARY KEY (share_id, key)
);
CREATE INDEX share_files_key ON share_files(key);`,
  },
  {
    // A cellular printer's IMEI, typed when it is bound (application.md §3 "Device"); '' for none.
    version: 17,
    sql: `ALTER TABLE devices ADD COLUMN imei text NOT NULL DEFAULT ''`,
  },
  {
    // The label size a cloud device's printer is loaded with, as the device reports it when it
    // polls (issue 34: the print dialog warns when a label does not match it); null: not said.
    version: 18,
    sql: `ALTER TABLE devices ADD COLUMN paper_width real;
ALTER TABLE devices ADD COLUMN paper_height real;`,
  },
  {
    // A cloud device's printer settings, kept by the server and sent with each job (issue 37):
    // JSON of src/print/settings.ts, set by the owner. The device reports its printer's language
    // (the darkness scale) and live state (src/print/status.ts, JSON) when it polls; status_at says
    // when, so a stale state is not shown or acted on.
    version: 19,
    sql: `ALTER TABLE devices ADD COLUMN settings text NOT NULL DEFAULT '{}';
ALTER TABLE devices ADD COLUMN printer_language text;
ALTER TABLE devices ADD COLUMN printer_status text;
ALTER TABLE devices ADD COLUMN status_at timestamptz;`,
  },
  {
    // Personal access tokens for the print API (issue 39): other software prints with them. Only
    // the secret's SHA-256 is kept; scopes is a comma-joined list (services/apiTokens.ts).
    version: 20,
    sql: `
CREATE TABLE api_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  secret_hash text NOT NULL,
  scopes text NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX api_tokens_user ON api_tokens(user_id);`,
  },
  {
    // Named counters that never repeat (issue 38; services/counters.ts). next_value is the next
    // number of the period `period` (periodOf of model/counters.ts). Every job reserves its numbers
    // in one transaction holding the counter's row lock, and each reservation is kept: state
    // reserved, used (all printed) or void (printed: how many of the first were; the rest are never
    // given again). prefix, width and step are copied so an edit never changes a job's numbers.
    version: 21,
    sql: `
CREATE TABLE counters (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  start bigint NOT NULL,
  step integer NOT NULL,
  width integer NOT NULL,
  prefix text NOT NULL,
  reset_rule text NOT NULL,
  next_value bigint NOT NULL,
  period text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name),
  UNIQUE (id, user_id)
);
CREATE TABLE counter_reservations (
  id text PRIMARY KEY,
  counter_id text NOT NULL,
  user_id text NOT NULL,
  job_id text NOT NULL,
  first_value bigint NOT NULL,
  step integer NOT NULL,
  count integer NOT NULL,
  width integer NOT NULL,
  prefix text NOT NULL,
  period text NOT NULL,
  state text NOT NULL DEFAULT 'reserved',
  printed integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  FOREIGN KEY (counter_id, user_id) REFERENCES counters(id, user_id) ON DELETE CASCADE,
  UNIQUE (counter_id, job_id)
);
CREATE INDEX counter_reservations_user ON counter_reservations(user_id);`,
  },
  {
    // The print API, second part (issue 39). Idempotency keys: a retried POST /api/v1/print with
    // the same Idempotency-Key (per user, 24 h) answers the first job instead of printing again;
    // `answer` is the first answer's data (JSON), null while that request is still running
    // (services/apiIdempotency.ts). Webhooks: one URL and signing secret a user; each job that
    // ends (done, failed) queues a delivery, retried with backoff (services/webhooks.ts). The
    // audit log: every call made with a token, the latest kept per user (services/apiAudit.ts).
    version: 22,
    sql: `
CREATE TABLE api_idempotency (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  body_hash text NOT NULL,
  answer text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX api_idempotency_created ON api_idempotency(created_at);
CREATE TABLE webhooks (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event text NOT NULL,
  job_id text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX webhook_deliveries_user ON webhook_deliveries(user_id, created_at);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_at) WHERE next_at IS NOT NULL;
CREATE TABLE api_audit (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_id text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  status integer NOT NULL,
  code integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_audit_user ON api_audit(user_id, id);`,
  },
  {
    // Database query sources (issue 38): a user's saved query and its connection settings, which
    // are sealed with AES-256-GCM (dbsource/sealed.ts) and never leave the server.
    version: 23,
    sql: `
CREATE TABLE db_sources (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  connection_sealed text NOT NULL,
  query text NOT NULL,
  params text NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX db_sources_user ON db_sources(user_id);`,
  },
  {
    // Template versions (issue 40): every content save of a cloud template keeps its label file,
    // preview and size as a numbered version (the template's own version counter), who saved it
    // and an optional note; a restore is a new version naming the one it came from. The oldest
    // are dropped past the cap (services/templateVersions.ts). Existing templates get their
    // current state as their first kept version.
    version: 24,
    sql: `
ALTER TABLE templates ADD CONSTRAINT templates_id_user_key UNIQUE (id, user_id);
CREATE TABLE template_versions (
  template_id text NOT NULL,
  user_id text NOT NULL,
  number integer NOT NULL,
  author_id text REFERENCES users(id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  restored_from integer,
  file_url text NOT NULL,
  image text NOT NULL DEFAULT '',
  width double precision NOT NULL,
  height double precision NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (template_id, number),
  FOREIGN KEY (template_id, user_id) REFERENCES templates(id, user_id) ON DELETE CASCADE
);
CREATE INDEX template_versions_user ON template_versions(user_id);
INSERT INTO template_versions (template_id, user_id, number, author_id, file_url, image, width, height, created_at)
  SELECT id, user_id, version, user_id, file_url, image, width, height, updated_at FROM templates;`,
  },
  {
    // Teams (issue 40): a team's space is a users row of its own (is_team: it can never sign in,
    // its account is "team:<id>"), so its folders, templates, data files and devices are ordinary
    // rows whose user_id is the team's and every existing ownership rule holds unchanged. Members
    // have one role each; an invite names an account (shown to it when it signs in) or is a link
    // (only its hash is kept) and expires. services/teams.ts holds the rules.
    version: 25,
    sql: `
ALTER TABLE users ADD COLUMN is_team boolean NOT NULL DEFAULT false;
CREATE TABLE teams (
  id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE team_members (
  team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('owner', 'designer', 'operator', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members(user_id);
CREATE TABLE team_invites (
  id text PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  account text NOT NULL DEFAULT '',
  token_hash text UNIQUE,
  role text NOT NULL CHECK (role IN ('owner', 'designer', 'operator', 'viewer')),
  invited_by text REFERENCES users(id) ON DELETE SET NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_invites_account ON team_invites(account);`,
  },
  {
    // Versions and approval (issue 40): a team folder may need approval, so that a version saved
    // there by a member who is not an owner is a draft until an owner approves it (or rejects it
    // with a note); operators print the latest approved version (services/printableVersion.ts).
    // Existing versions count as approved. A team keeps its own number of versions and days
    // (0: no age limit); a print record names the version printed.
    version: 26,
    sql: `
ALTER TABLE template_classes ADD COLUMN needs_approval boolean NOT NULL DEFAULT false;
ALTER TABLE template_versions ADD COLUMN status text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'draft', 'rejected'));
ALTER TABLE template_versions ADD COLUMN reviewed_by text REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE template_versions ADD COLUMN reviewed_at timestamptz;
ALTER TABLE template_versions ADD COLUMN review_note text NOT NULL DEFAULT '';
ALTER TABLE teams ADD COLUMN versions_kept integer;
ALTER TABLE teams ADD COLUMN versions_days integer;
ALTER TABLE print_history ADD COLUMN version integer`,
  },
  {
    // Team plans and real payments (issue 40): a team has seats (the included ones here; bought
    // ones are its paid, unexpired, unrefunded seat orders: services/seats.ts). An order may buy
    // seats for a team (kind 'seat', a quantity) and may be refunded (status 5). payment_refs maps a
    // provider's own ids (a Stripe subscription, a payment intent) to the order they paid, so a
    // renewal or a refund finds it; granted_days is what a refund takes back from a membership.
    // The per-seat plan is seeded at start (services/plans.ts seedPlans), also on older instances.
    version: 28,
    sql: `
ALTER TABLE teams ADD COLUMN seats integer NOT NULL DEFAULT 5 CHECK (seats >= 1);
ALTER TABLE member_plans DROP CONSTRAINT member_plans_kind_check;
ALTER TABLE member_plans ADD CONSTRAINT member_plans_kind_check CHECK (kind IN ('member', 'space', 'seat'));
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_kind_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_kind_check CHECK (kind IN ('member', 'space', 'seat'));
ALTER TABLE payment_orders DROP CONSTRAINT payment_orders_status_check;
ALTER TABLE payment_orders ADD CONSTRAINT payment_orders_status_check CHECK (status IN (1, 2, 3, 4, 5));
ALTER TABLE payment_orders ADD COLUMN team_id text REFERENCES teams(id) ON DELETE CASCADE;
ALTER TABLE payment_orders ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1);
ALTER TABLE payment_orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE payment_orders ADD COLUMN granted_days integer NOT NULL DEFAULT 0;
UPDATE payment_orders SET granted_days = term_days WHERE status = 2;
CREATE INDEX payment_orders_team ON payment_orders(team_id) WHERE team_id IS NOT NULL;
CREATE TABLE payment_refs (
  provider text NOT NULL,
  ref text NOT NULL,
  o_id text NOT NULL REFERENCES payment_orders(o_id) ON DELETE CASCADE,
  PRIMARY KEY (provider, ref)
);
`,
  },
  {
    // The API audit log (issue 39): why a known token was refused (revoked, expired, scope, rate),
    // so its owner sees calls still made with a token they revoked.
    version: 29,
    sql: `ALTER TABLE api_audit ADD COLUMN reason text NOT NULL DEFAULT '';`,
  },
  {
    // Team audit log (issue 40): who did what in a team, when — members invited, joined, given a
    // role, removed; templates saved, restored, deleted; labels printed. A row names its actor and
    // subject as they were then (an account or template may be gone later). services/teamAudit.ts.
    version: 30,
    sql: `
CREATE TABLE team_events (
  id bigserial PRIMARY KEY,
  team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  actor_id text REFERENCES users(id) ON DELETE SET NULL,
  actor text NOT NULL DEFAULT '',
  action text NOT NULL,
  subject text NOT NULL DEFAULT '',
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_events_team_time ON team_events(team_id, created_at DESC, id DESC);`,
  },
  {
    // Print API jobs for a printer of a linked print assistant (issue 39; docs/api.md "Print API"):
    // the network printers the assistant last listed (JSON names; null: it never said), and per job
    // the assistant's printer, the print request it queues (JSON), the labels in all, how far its
    // durable queue got (pages printed of total, copies of the next page), why it is paused, and
    // whether the API asked to cancel it.
    version: 31,
    sql: `
ALTER TABLE devices ADD COLUMN printers text;
ALTER TABLE print_jobs ADD COLUMN printer text NOT NULL DEFAULT '';
ALTER TABLE print_jobs ADD COLUMN request text;
ALTER TABLE print_jobs ADD COLUMN label_count integer;
ALTER TABLE print_jobs ADD COLUMN pages_printed integer NOT NULL DEFAULT 0;
ALTER TABLE print_jobs ADD COLUMN pages_total integer NOT NULL DEFAULT 0;
ALTER TABLE print_jobs ADD COLUMN copies_done integer NOT NULL DEFAULT 0;
ALTER TABLE print_jobs ADD COLUMN reason text NOT NULL DEFAULT '';
ALTER TABLE print_jobs ADD COLUMN cancel_requested boolean NOT NULL DEFAULT false;`,
  },
];

/** Applies pending migrations; an advisory lock keeps two starting processes from racing. */
/** The schema version the code expects (the last migration's). */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

/** Applies the missing migrations up to `upTo` (all by default); returns how many. */
export async function migrate(db: Db, upTo = SCHEMA_VERSION): Promise<number> {
  return db.tx(async (q) => {
    // Lock first: even CREATE TABLE IF NOT EXISTS races between two processes on a fresh database.
    await q.query("SELECT pg_advisory_xact_lock(74311)");
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await q.query<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => r.version),
    );
    let applied = 0;
    for (const m of MIGRATIONS) {
      if (done.has(m.version) || m.version > upTo) continue;
      for (const stmt of m.sql
        .split(/;\s*\n/)
        .map((s) => s.trim())
        .filter(Boolean))
        await q.query(stmt);
      await q.query("INSERT INTO schema_migrations (version) VALUES ($1)", [m.version]);
      applied++;
    }
    return applied;
  });
}
