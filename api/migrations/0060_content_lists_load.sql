-- Lists and search under load (issue 21, docs/performance.md).
--
-- A category's documents of one kind (?category=&ext_cate=, the category page's type chips): without an index on
-- ext_cate a rare kind was a scan of the whole table, twice (count and page: 90-130 ms each on PGlite at 100,000
-- documents). With it, a rare kind is a few index entries, and a common one is read in the list's order.
CREATE INDEX documents_public_ext_cate_idx ON documents (ext_cate, category_id, create_time DESC, id DESC) WHERE status IN (1, 5);

-- What the public lists and searches show changed: NOTIFY on content_changes (src/modules/content/changes.ts), heard
-- by every API process once the transaction commits, so that their caches of list pages, searches and list counts
-- answer anew. The payload says what changed: 'lists' which items a list holds (a public row added or deleted, or
-- one whose status, category, kind, price class, uploader or author changed; the counts too), 'items' what a public
-- item shows (a title, a count), 'categories' the category tree. Rows nobody else sees (drafts, uploads under
-- review) notify nothing; NOTIFY sends one message per payload and transaction however many rows changed.
CREATE FUNCTION content_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;

CREATE TRIGGER documents_lists_insert AFTER INSERT ON documents FOR EACH ROW
  WHEN (NEW.status IN (1, 5)) EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER documents_lists_delete AFTER DELETE ON documents FOR EACH ROW
  WHEN (OLD.status IN (1, 5)) EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER documents_lists_update AFTER UPDATE ON documents FOR EACH ROW
  WHEN ((OLD.status IN (1, 5) OR NEW.status IN (1, 5))
        AND (OLD.status, OLD.category_id, OLD.ext_cate, OLD.is_free, OLD.uploader_id)
            IS DISTINCT FROM (NEW.status, NEW.category_id, NEW.ext_cate, NEW.is_free, NEW.uploader_id))
  EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER documents_items_update AFTER UPDATE ON documents FOR EACH ROW
  WHEN (OLD.status IN (1, 5) OR NEW.status IN (1, 5)) EXECUTE FUNCTION content_changes_notify('items');

CREATE TRIGGER blogs_lists_insert AFTER INSERT ON blogs FOR EACH ROW
  WHEN (NEW.status = 1) EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER blogs_lists_delete AFTER DELETE ON blogs FOR EACH ROW
  WHEN (OLD.status = 1) EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER blogs_lists_update AFTER UPDATE ON blogs FOR EACH ROW
  WHEN ((OLD.status = 1 OR NEW.status = 1)
        AND (OLD.status, OLD.category_id, OLD.author_id) IS DISTINCT FROM (NEW.status, NEW.category_id, NEW.author_id))
  EXECUTE FUNCTION content_changes_notify('lists');
CREATE TRIGGER blogs_items_update AFTER UPDATE ON blogs FOR EACH ROW
  WHEN (OLD.status = 1 OR NEW.status = 1) EXECUTE FUNCTION content_changes_notify('items');

-- view counts (written every few seconds by each API process's counter) are shown and sorted by
CREATE TRIGGER document_views_items AFTER UPDATE ON document_views FOR EACH STATEMENT
  EXECUTE FUNCTION content_changes_notify('items');
CREATE TRIGGER blog_views_items AFTER UPDATE ON blog_views FOR EACH STATEMENT
  EXECUTE FUNCTION content_changes_notify('items');

-- a blog's list item shows how many appendices it has (an appendix's own download count is not in any list)
CREATE TRIGGER blog_appendices_items AFTER INSERT OR DELETE ON blog_appendices FOR EACH STATEMENT
  EXECUTE FUNCTION content_changes_notify('items');

CREATE TRIGGER content_categories_changed AFTER INSERT OR UPDATE OR DELETE ON content_categories FOR EACH STATEMENT
  EXECUTE FUNCTION content_changes_notify('categories');
