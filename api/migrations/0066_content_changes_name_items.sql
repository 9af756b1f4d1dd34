-- A change of one document or blog names it (issue 21, docs/performance.md "Kept words through changes").
--
-- Migration 0060's triggers told every API process only the kind of change ('items', 'lists'), so every edit or
-- publication anywhere dropped every search word's kept postings, and each was read again at its next search (a
-- change a second cut the load benchmark's searches from 1,241 to 365 a second). The row triggers of documents and
-- blogs now send `<kind>:<table>:<id>`; a process then drops only the words that item held or holds. An appendix
-- names its blog (the blog's list item shows how many it has). Statement triggers (the category tree) still send
-- the kind alone: anything may have changed. NOTIFY folds only identical payloads of a transaction, so a statement
-- that writes many public items now sends one message per row (the API forgets every word past 200 at once).
CREATE OR REPLACE FUNCTION content_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item text;
BEGIN
  -- each branch reads only columns its table has (PL/pgSQL plans an expression when it first runs it); a statement
  -- trigger, or a row trigger of any other table, sends the kind alone
  IF TG_LEVEL <> 'ROW' THEN
    item := NULL;
  ELSIF TG_TABLE_NAME = 'blog_appendices' AND TG_OP = 'DELETE' THEN
    item := 'blogs:' || OLD.blogs_id;
  ELSIF TG_TABLE_NAME = 'blog_appendices' THEN
    item := 'blogs:' || NEW.blogs_id;
  ELSIF TG_TABLE_NAME IN ('documents', 'blogs') AND TG_OP = 'DELETE' THEN
    item := TG_TABLE_NAME || ':' || OLD.id;
  ELSIF TG_TABLE_NAME IN ('documents', 'blogs') THEN
    item := TG_TABLE_NAME || ':' || NEW.id;
  END IF;
  PERFORM pg_notify('content_changes', CASE WHEN item IS NULL THEN TG_ARGV[0] ELSE TG_ARGV[0] || ':' || item END);
  RETURN NULL;
END
$$;

DROP TRIGGER blog_appendices_items ON blog_appendices;
CREATE TRIGGER blog_appendices_items AFTER INSERT OR DELETE ON blog_appendices FOR EACH ROW
  EXECUTE FUNCTION content_changes_notify('items');
