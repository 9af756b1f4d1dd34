-- Writing (issue 18): blogs written on the site. A post's working copy (blog_drafts) saves while its author
-- writes, versioned so that two tabs never overwrite each other silently; submitting copies it into the post,
-- which waits for review (status 4 待审核) before it is public. Only status 1 is public, as before.
ALTER TABLE blogs DROP CONSTRAINT blogs_status_check;
ALTER TABLE blogs ADD CONSTRAINT blogs_status_check CHECK (status BETWEEN 0 AND 4);
-- a post never submitted may have no title yet; submitting checks it (the service)
ALTER TABLE blogs DROP CONSTRAINT blogs_title_check;
ALTER TABLE blogs ADD CONSTRAINT blogs_title_check CHECK (char_length(title) <= 200 AND (status = 0 OR char_length(title) >= 1));
ALTER TABLE blogs ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
ALTER TABLE blogs ADD COLUMN cover text NOT NULL DEFAULT '' CHECK (char_length(cover) <= 500);
ALTER TABLE blogs ADD COLUMN reject_reason text NOT NULL DEFAULT '' CHECK (char_length(reject_reason) <= 500);
ALTER TABLE blogs ADD COLUMN submit_time timestamptz;

CREATE INDEX blogs_review_idx ON blogs (submit_time, id) WHERE status = 4;

CREATE TABLE blog_drafts (
  blog_id     bigint PRIMARY KEY REFERENCES blogs (id) ON DELETE CASCADE,
  title       text NOT NULL DEFAULT '' CHECK (char_length(title) <= 200),
  summary     text NOT NULL DEFAULT '' CHECK (char_length(summary) <= 1000),
  content     text NOT NULL DEFAULT '' CHECK (char_length(content) <= 200000),
  category_id bigint NOT NULL REFERENCES content_categories (id),
  tags        text[] NOT NULL DEFAULT '{}',
  cover       text NOT NULL DEFAULT '' CHECK (char_length(cover) <= 500),
  version     integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  update_time timestamptz NOT NULL DEFAULT now()
);
