-- Reads of different search words store their postings at the same time (issue 21, docs/performance.md "Words
-- stored by every read at once").
--
-- 0067's read took search_term_postings' SHARE ROW EXCLUSIVE lock with NOWAIT before it stored, so that a change not
-- yet committed could not make what it stores stale. That mode conflicts with itself: of the reads of new words under
-- way at one moment only one stored, the others answered without storing and read their word from the items again
-- the next time. On a fresh PostgreSQL under the load benchmark (100 searches at once, the words' store empty) the
-- store filled slowly and searches stayed at 8% of the bare route with p99 124 ms for the whole first run.
--
-- The same rule with a lock that reads share: a read that stores takes the advisory lock (72640003, 0) shared, with
-- a try that does not wait (pg_try_advisory_xact_lock_shared); a change takes it exclusive before it looks, and waits
-- for the reads that hold it. Reads no longer exclude each other; a read while a change holds the lock still answers
-- without storing, and a change still deletes what a read stored before it. (72640001 and 72640002 are the
-- migrations' and the verification codes' advisory locks; this pair of keys is this table's.)
CREATE OR REPLACE FUNCTION search_term_postings_forget() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_term_postings;
    RETURN NULL;
  END IF;
  -- waits for the reads that store; until this change commits, no read stores
  PERFORM pg_advisory_xact_lock(72640003, 0);
  IF NOT EXISTS (SELECT 1 FROM search_term_postings) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    words := tsvector_to_array(NEW.search_vector);
  ELSIF TG_OP = 'DELETE' THEN
    words := tsvector_to_array(OLD.search_vector);
  ELSE
    words := tsvector_to_array(OLD.search_vector) || tsvector_to_array(NEW.search_vector);
  END IF;
  DELETE FROM search_term_postings WHERE word = ANY (words);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION search_term_postings_read(word_wanted text, format_wanted text, postings_sql text, word_query tsquery) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  found_postings text;
  may_store boolean;
BEGIN
  SELECT postings INTO found_postings FROM search_term_postings WHERE word = word_wanted AND format = format_wanted;
  IF FOUND THEN
    RETURN found_postings;
  END IF;
  may_store := pg_try_advisory_xact_lock_shared(72640003, 0);
  -- a statement after the lock: on PostgreSQL it sees every change that held the lock before
  EXECUTE postings_sql INTO found_postings USING word_query;
  found_postings := coalesce(found_postings, '');
  IF may_store AND found_postings <> '' THEN
    INSERT INTO search_term_postings (word, format, postings) VALUES (word_wanted, format_wanted, found_postings) ON CONFLICT DO NOTHING;
  END IF;
  RETURN found_postings;
END
$$;
