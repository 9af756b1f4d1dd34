import { CommentsPage } from '../comments/CommentsPage';

/** articles/docs/comment/{id}. */
export default function DocCommentsPage() {
  return <CommentsPage kind="docs" />;
}
