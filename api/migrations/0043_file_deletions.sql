-- Stored files whose owner row (content_files) is gone: the row's delete and this insert are one transaction,
-- and the file sweeper deletes the file from the storage and then this row (a file already gone is fine). A crash
-- between the two leaves the row here, and the next sweep (at start, then every minute) finishes the job.
-- file_id: the content_files id the key belonged to, whose derived files (previews: derived/xx/<id>-…) go too.
CREATE TABLE file_deletions (
  storage_key text PRIMARY KEY,
  file_id     bigint,
  queued_at   timestamptz NOT NULL DEFAULT now()
);
