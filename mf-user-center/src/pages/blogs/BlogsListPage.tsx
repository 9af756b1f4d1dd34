import { MyBlogsList } from '../../blogs/MyBlogsList';
import { ensureBlogStyles } from '../../blogs/styles';
import { PageFrame } from '../../ui/Status';

/** user/blogs/list: my posts with their states, views, comments and what their attachments earned; edit, delete. */
export default function BlogsListPage() {
  ensureBlogStyles();
  return (
    <PageFrame route="user.blogs.list">
      <section className="uc-card">
        <MyBlogsList />
      </section>
    </PageFrame>
  );
}
