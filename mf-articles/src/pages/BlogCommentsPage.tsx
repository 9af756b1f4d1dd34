import { CommentsPage } from '../comments/CommentsPage';

/** articles/blogs/comment/{id}. */
export default function BlogCommentsPage() {
  return <CommentsPage kind="blogs" />;
}
