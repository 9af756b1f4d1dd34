import { MyBlogsList } from '../../blogs/MyBlogsList';
import { ensureBlogStyles } from '../../blogs/styles';
import { PageFrame } from '../../ui/Status';

/** user/blogs/denylist: my posts that did not pass review, each with the reason, to edit and resubmit. */
export default function BlogsDenylistPage() {
  ensureBlogStyles();
  return (
    <PageFrame route="user.blogs.denylist">
      <section className="uc-card">
        <MyBlogsList fixed="rejected" />
      </section>
    </PageFrame>
  );
}
