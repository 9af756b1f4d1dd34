-- Trust and safety (issue 20): the staff audit log, rights complaints (信息网络传播权保护条例 §14-17, 民法典
-- §1195-1196) with their steps, expert certification applications and penalties.

-- Every staff action: who, when, what (action on target), the state before and after, and why.
CREATE TABLE staff_audit (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id    bigint NOT NULL REFERENCES users (id),
  action      text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 64),
  target_type text NOT NULL CHECK (char_length(target_type) BETWEEN 1 AND 32),
  target_id   text NOT NULL DEFAULT '' CHECK (char_length(target_id) <= 64),
  before      jsonb,
  after       jsonb,
  reason      text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_time_idx ON staff_audit (create_time DESC, id DESC);
CREATE INDEX staff_audit_staff_idx ON staff_audit (staff_id, create_time DESC);
CREATE INDEX staff_audit_target_idx ON staff_audit (target_type, target_id);

-- A rights complaint about documents of the site. The id number is stored masked (first 3 and last 4 kept):
-- staff need to see that one was given and match it against the proof, not to keep the whole number.
-- state: submitted, incomplete, taken_down, counter_noticed, lawsuit, closed (restored after the period), rejected.
CREATE TABLE rights_complaints (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id         bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  uploader_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  real_name       text NOT NULL,
  id_type         text NOT NULL CHECK (id_type IN ('id_card', 'passport', 'business_license', 'other')),
  id_number       text NOT NULL,
  phone           text NOT NULL DEFAULT '',
  email           text NOT NULL DEFAULT '',
  work            text NOT NULL,
  urls            text NOT NULL DEFAULT '',
  description     text NOT NULL DEFAULT '',
  proofs          jsonb NOT NULL DEFAULT '[]',
  state           text NOT NULL DEFAULT 'submitted'
                  CHECK (state IN ('submitted', 'incomplete', 'taken_down', 'counter_noticed', 'lawsuit', 'closed', 'rejected')),
  counter         jsonb,
  restore_due     timestamptz,
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_time     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rights_complaints_user_idx ON rights_complaints (user_id, id DESC);
CREATE INDEX rights_complaints_uploader_idx ON rights_complaints (uploader_id, id DESC);
CREATE INDEX rights_complaints_state_idx ON rights_complaints (state, id);
CREATE INDEX rights_complaints_due_idx ON rights_complaints (restore_due) WHERE state = 'counter_noticed';

-- The steps of a complaint, in order: what the claimant, the uploader and staff see as its history.
CREATE TABLE rights_complaint_steps (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES rights_complaints (id) ON DELETE CASCADE,
  kind         text NOT NULL,
  actor        text NOT NULL CHECK (actor IN ('claimant', 'uploader', 'staff', 'system')),
  note         text NOT NULL DEFAULT '',
  create_time  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rights_complaint_steps_idx ON rights_complaint_steps (complaint_id, id);

-- Earnings of a taken-down document held back from release (their release time set to 'infinity');
-- release_time is the original one, given back when the document is restored.
CREATE TABLE rights_held_earnings (
  complaint_id bigint NOT NULL REFERENCES rights_complaints (id) ON DELETE CASCADE,
  earning_id   bigint NOT NULL REFERENCES coin_earnings (id) ON DELETE CASCADE,
  release_time timestamptz NOT NULL,
  PRIMARY KEY (complaint_id, earning_id)
);

-- Paid orders of a taken-down document: refundable (staff refund them with the existing refund flow).
CREATE TABLE rights_refundable_orders (
  complaint_id bigint NOT NULL REFERENCES rights_complaints (id) ON DELETE CASCADE,
  order_id     bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  PRIMARY KEY (complaint_id, order_id)
);

-- Expert certification applications (user/authentication). state: pending, approved, rejected.
CREATE TABLE expert_applications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  field       text NOT NULL,
  real_name   text NOT NULL,
  credentials text NOT NULL,
  pictures    jsonb NOT NULL DEFAULT '[]',
  state       text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reason      text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expert_applications_user_idx ON expert_applications (user_id, id DESC);
CREATE UNIQUE INDEX expert_applications_pending_key ON expert_applications (user_id) WHERE state = 'pending';

-- Penalties: end_time NULL means until lifted. 'disabled' also sets the account's inactive_reason to
-- POST_SPAM_COMMENTS (the notice of SPEC §4); prev_reason is what the account had before, put back when it ends.
CREATE TABLE penalties (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('no_comment', 'no_upload', 'no_download', 'disabled')),
  reason      text NOT NULL,
  staff_id    bigint REFERENCES users (id),
  end_time    timestamptz,
  lifted_time timestamptz,
  prev_reason text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX penalties_user_idx ON penalties (user_id, kind) WHERE lifted_time IS NULL;

-- Where rights-holders also send complaints by e-mail (the disclaimer shows it).
INSERT INTO site_settings (key, value) VALUES ('complaint_email', 'support@example.com') ON CONFLICT (key) DO NOTHING;
