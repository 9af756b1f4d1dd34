-- Each search word's postings, kept in the database once read (issue 21, docs/performance.md "Postings kept in the
-- database").
--
-- A word's postings (repositories/search.ts, termPostingsText: every public item holding it, in a relevance tier's
-- order, with what a search filters by) cost one heap page of `documents` per item that holds it: 4.5 ms for a common
-- word on PGlite, a third of the load benchmark's database time, paid again by every process after each start. Once
-- read they are stored here as the same text, and a read of a stored word is one index lookup.
--
-- Kept true by the database itself, whoever writes: a change of a public document or blog (its words, title, status,
-- create time, category or kind) deletes the stored postings of every word its search vector held or holds, in the
-- change's own transaction. A write takes this table's ROW EXCLUSIVE lock before it looks; a read that stores takes
-- SHARE ROW EXCLUSIVE with NOWAIT first (search_term_postings_read), so on PostgreSQL it never stores what a change not
-- yet committed makes stale: while any write holds the lock the read answers without storing. A table nobody has
-- searched yet costs a write only its lock and one empty look (the seed, a bulk import).
--
-- `format` names the query that made the text (a hash of it, repositories/search.ts): a build whose query differs
-- reads none of another's rows, and deletes them at its start. A word no public item holds is not stored. A change
-- deletes whole texts (a common word's is about 100 KB) that the next search writes again; PGlite has no autovacuum,
-- so the API vacuums this table itself (content/index.ts).
CREATE TABLE search_term_postings (
  word text NOT NULL,
  format text NOT NULL,
  postings text NOT NULL,
  PRIMARY KEY (word, format)
);

CREATE FUNCTION search_term_postings_forget() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM search_term_postings;
    RETURN NULL;
  END IF;
  LOCK TABLE search_term_postings IN ROW EXCLUSIVE MODE;
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

-- The stored postings of `word` in `format`; when none are, runs `postings_sql` (termPostingsText's query, `$1` the
-- word's tsquery) and stores its answer unless a write holds the table (see above) or no item holds the word. One
-- call, one round trip (PostgreSQL's way: PGlite, one statement at a time, needs no lock; repositories/search.ts).
CREATE FUNCTION search_term_postings_read(word_wanted text, format_wanted text, postings_sql text, word_query tsquery) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  found_postings text;
  may_store boolean := true;
BEGIN
  SELECT postings INTO found_postings FROM search_term_postings WHERE word = word_wanted AND format = format_wanted;
  IF FOUND THEN
    RETURN found_postings;
  END IF;
  BEGIN
    LOCK TABLE search_term_postings IN SHARE ROW EXCLUSIVE MODE NOWAIT;
  EXCEPTION WHEN lock_not_available THEN
    may_store := false;
  END;
  -- a statement after the lock: on PostgreSQL it sees every write that held the lock before
  EXECUTE postings_sql INTO found_postings USING word_query;
  found_postings := coalesce(found_postings, '');
  IF may_store AND found_postings <> '' THEN
    INSERT INTO search_term_postings (word, format, postings) VALUES (word_wanted, format_wanted, found_postings) ON CONFLICT DO NOTHING;
  END IF;
  RETURN found_postings;
END
$$;

CREATE TRIGGER documents_search_term_postings_insert AFTER INSERT ON documents FOR EACH ROW
  WHEN (NEW.status IN (1, 5)) EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER documents_search_term_postings_delete AFTER DELETE ON documents FOR EACH ROW
  WHEN (OLD.status IN (1, 5)) EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER documents_search_term_postings_update AFTER UPDATE ON documents FOR EACH ROW
  WHEN ((OLD.status IN (1, 5) OR NEW.status IN (1, 5)) AND (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.title_vector IS DISTINCT FROM NEW.title_vector OR OLD.create_time IS DISTINCT FROM NEW.create_time
    OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.ext_cate IS DISTINCT FROM NEW.ext_cate))
  EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER documents_search_term_postings_truncate AFTER TRUNCATE ON documents FOR EACH STATEMENT
  EXECUTE FUNCTION search_term_postings_forget();

CREATE TRIGGER blogs_search_term_postings_insert AFTER INSERT ON blogs FOR EACH ROW
  WHEN (NEW.status = 1) EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER blogs_search_term_postings_delete AFTER DELETE ON blogs FOR EACH ROW
  WHEN (OLD.status = 1) EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER blogs_search_term_postings_update AFTER UPDATE ON blogs FOR EACH ROW
  WHEN ((OLD.status = 1 OR NEW.status = 1) AND (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.status IS DISTINCT FROM NEW.status OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.title_vector IS DISTINCT FROM NEW.title_vector OR OLD.create_time IS DISTINCT FROM NEW.create_time
    OR OLD.category_id IS DISTINCT FROM NEW.category_id))
  EXECUTE FUNCTION search_term_postings_forget();
CREATE TRIGGER blogs_search_term_postings_truncate AFTER TRUNCATE ON blogs FOR EACH STATEMENT
  EXECUTE FUNCTION search_term_postings_forget();
