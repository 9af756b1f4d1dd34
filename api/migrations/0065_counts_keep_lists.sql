-- Downloads, comments and favourites no longer drop the kept lists and searches (issue 21, docs/performance.md
-- "Counts keep the lists").
--
-- With migration 0060's triggers every download, comment and favourite of a public item told every API process that
-- items had changed, which dropped every kept list page and search: on a live site, where people download all the
-- time, the kept answers lived until the next download. As with views (0064), the lists and searches show a count,
-- and sort by it, within their answers' 10 s limit; a detail page shows it at once (the process that wrote the
-- count forgets the item's row). Any other change to what a public item shows still tells at once.
DROP TRIGGER documents_items_update ON documents;
CREATE TRIGGER documents_items_update AFTER UPDATE ON documents FOR EACH ROW
  WHEN ((OLD.status IN (1, 5) OR NEW.status IN (1, 5))
        AND (to_jsonb(OLD) - ARRAY['downloads', 'comment_count', 'collect_count'])
            IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['downloads', 'comment_count', 'collect_count']))
  EXECUTE FUNCTION content_changes_notify('items');

DROP TRIGGER blogs_items_update ON blogs;
CREATE TRIGGER blogs_items_update AFTER UPDATE ON blogs FOR EACH ROW
  WHEN ((OLD.status = 1 OR NEW.status = 1)
        AND (to_jsonb(OLD) - ARRAY['comment_count', 'collect_count'])
            IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['comment_count', 'collect_count']))
  EXECUTE FUNCTION content_changes_notify('items');
