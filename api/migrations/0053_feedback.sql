-- Feedback to the site (SPEC §7: POST /api/feedback/): what a person wrote, how to reach them, up to 3 screenshots
-- (img-storage urls, newline-separated: both engines read plain text the same way) and the staff's reply.
CREATE TABLE feedback (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content     text NOT NULL,
  contact     text NOT NULL DEFAULT '',
  images      text NOT NULL DEFAULT '',
  reply       text NOT NULL DEFAULT '',
  reply_time  timestamptz,
  create_time timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX feedback_user_create_time_idx ON feedback (user_id, create_time DESC);
