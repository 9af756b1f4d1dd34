import { MyDocsList } from '../../docs/MyDocsList';
import { ensureDocsStyles } from '../../docs/styles';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.denylist';

/** user/docs/denylist: my documents that did not pass review, each with the reason and 编辑后重新提交. */
export default function DenylistPage() {
  ensureDocsStyles();
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <MyDocsList route={ROUTE} group="rejected" />
      </section>
    </PageFrame>
  );
}
