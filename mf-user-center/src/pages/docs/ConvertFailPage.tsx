import { MyDocsList } from '../../docs/MyDocsList';
import { ensureDocsStyles } from '../../docs/styles';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.convertfail';

/** user/docs/convertfail: my documents whose conversion failed, each with the reason, 重试 and 更换文件. */
export default function ConvertFailPage() {
  ensureDocsStyles();
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <MyDocsList route={ROUTE} group="failed" />
      </section>
    </PageFrame>
  );
}
