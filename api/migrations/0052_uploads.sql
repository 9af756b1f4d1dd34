-- Uploads (issue 15): documents people upload, converted by a queue of jobs, checked by machine, reviewed by staff.
-- docs/uploads.md explains the states, the limits and the queue.

-- 6 转换中: queued or converting; stage says which step, progress how far (0..100), reason why it failed or was
-- rejected. preview_pages: what a visitor may read of a paid doc (null: the site default). preview_file_id: the
-- converted PDF the reader shows (null: the file itself). checks: the machine review before staff look at it.
ALTER TABLE documents DROP CONSTRAINT documents_status_check;
ALTER TABLE documents ADD CONSTRAINT documents_status_check CHECK (status BETWEEN 0 AND 6);
ALTER TABLE documents ADD COLUMN stage text NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100);
ALTER TABLE documents ADD COLUMN reason text NOT NULL DEFAULT '';
ALTER TABLE documents ADD COLUMN preview_pages smallint CHECK (preview_pages BETWEEN 1 AND 50);
ALTER TABLE documents ADD COLUMN preview_file_id bigint REFERENCES content_files (id);
-- a cover image was made (derived/<file id % 256>/<file id>-cover.png, removed with the file)
ALTER TABLE documents ADD COLUMN has_cover boolean NOT NULL DEFAULT false;
ALTER TABLE documents ADD COLUMN checks jsonb NOT NULL DEFAULT '{"duplicate_of": null, "blank": false, "little_text": false}';
-- the owner deleted it: out of every list and search; the row stays for the orders and purchases that name it
ALTER TABLE documents ADD COLUMN delete_time timestamptz;
CREATE INDEX documents_uploader_status_idx ON documents (uploader_id, status) WHERE delete_time IS NULL;
CREATE INDEX content_files_sha256_idx ON content_files (sha256);

-- One resumable upload (tus-like): the bytes so far are in DATA_DIR/uploads/<id>; offset is how many.
CREATE TABLE upload_sessions (
  id           uuid PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  size         bigint NOT NULL CHECK (size > 0),
  "offset"     bigint NOT NULL DEFAULT 0 CHECK ("offset" >= 0 AND "offset" <= size),
  -- a chunk being written: another PUT waits (409) until it ends or this time passes
  busy_until   timestamptz,
  create_time  timestamptz NOT NULL DEFAULT now(),
  expire_time  timestamptz NOT NULL
);
CREATE INDEX upload_sessions_user_idx ON upload_sessions (user_id);
CREATE INDEX upload_sessions_expire_idx ON upload_sessions (expire_time);

-- The conversion queue: one job per conversion of a document; a worker claims one with a lease (locked_by,
-- locked_until) and renews it while it works; a lease that ran out belongs to a worker that died, and the job is
-- claimed again (attempts counts the claims, at most 3).
CREATE TABLE conversion_jobs (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  docs_id       bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  locked_by     text,
  locked_until  timestamptz,
  run_after     timestamptz NOT NULL DEFAULT now(),
  stage         text NOT NULL DEFAULT 'queued',
  progress      smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error         text NOT NULL DEFAULT '',
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_time   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversion_jobs_ready_idx ON conversion_jobs (run_after, id) WHERE state IN ('queued', 'running');
CREATE INDEX conversion_jobs_docs_idx ON conversion_jobs (docs_id);

-- Images of img-storage (avatars, covers, blog pictures): re-encoded pixels, stored as a content file.
CREATE TABLE stored_images (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id      bigint NOT NULL REFERENCES content_files (id),
  purpose      text NOT NULL DEFAULT '' CHECK (purpose IN ('', 'avatar', 'cover', 'blog')),
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  create_time  timestamptz NOT NULL DEFAULT now()
);

-- The upload rule of the staff settings: publish at once when the uploader's level is at least this (null: never).
CREATE TABLE upload_settings (
  id                      boolean PRIMARY KEY DEFAULT true CHECK (id),
  trusted_uploader_level  integer CHECK (trusted_uploader_level >= 0),
  update_time             timestamptz NOT NULL DEFAULT now()
);
INSERT INTO upload_settings DEFAULT VALUES;
