-- My library (docs/library.md): share links with their open counts, and document transfers between accounts.

CREATE TABLE share_links (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token           text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{8,32}$'),
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'docs', 'blogs' or 'folder'
  target_type     text NOT NULL CHECK (target_type IN ('docs', 'blogs', 'folder')),
  target_id       bigint NOT NULL,
  opens           integer NOT NULL DEFAULT 0 CHECK (opens >= 0),
  last_open_time  timestamptz,
  create_time     timestamptz NOT NULL
);
-- sharing the same thing again gives the same link (its count goes on)
CREATE UNIQUE INDEX share_links_target_key ON share_links (user_id, target_type, target_id);
CREATE INDEX share_links_user_idx ON share_links (user_id, create_time DESC, id DESC);

CREATE TABLE docs_transfers (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  docs_id      bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  from_user    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  to_user      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
  message      text NOT NULL DEFAULT '' CHECK (char_length(message) <= 200),
  create_time  timestamptz NOT NULL,
  decide_time  timestamptz,
  CHECK (from_user <> to_user)
);
-- one open offer per document at a time
CREATE UNIQUE INDEX docs_transfers_pending_key ON docs_transfers (docs_id) WHERE status = 'pending';
CREATE INDEX docs_transfers_from_idx ON docs_transfers (from_user, create_time DESC, id DESC);
CREATE INDEX docs_transfers_to_idx ON docs_transfers (to_user, create_time DESC, id DESC);

-- File shares: a download link of a document I uploaded (or a free one I downloaded), until it expires. A
-- download through one is recorded with kind 'share' (no free quota used, the sharer in share_user_id).
CREATE TABLE share_files (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token        text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{8,32}$'),
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  docs_id      bigint NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  downloads    integer NOT NULL DEFAULT 0 CHECK (downloads >= 0),
  expire_time  timestamptz NOT NULL,
  create_time  timestamptz NOT NULL
);
CREATE INDEX share_files_user_idx ON share_files (user_id, create_time DESC, id DESC);

ALTER TABLE download_records DROP CONSTRAINT download_records_kind_check;
ALTER TABLE download_records ADD CONSTRAINT download_records_kind_check CHECK (kind IN ('free', 'paid', 'repeat', 'owner', 'package', 'share'));
