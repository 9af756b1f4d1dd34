import { useSearchParams } from 'react-router-dom';
import { DOC_GROUPS, type MyDocGroup } from '../../api/docs';
import { MyDocsList } from '../../docs/MyDocsList';
import { ensureDocsStyles } from '../../docs/styles';
import { DOCS_TEXTS } from '../../docs/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.list';
const t = DOCS_TEXTS.list;

const groupOf = (value: string | null): MyDocGroup => ((DOC_GROUPS as readonly string[]).includes(value ?? '') ? (value as MyDocGroup) : 'all');

/** user/docs/list: my uploads by state (the tab is in the address, ?status=), with views, downloads, earnings. */
export default function DocsListPage() {
  ensureDocsStyles();
  const [params, setParams] = useSearchParams();
  const group = groupOf(params.get('status'));
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <div className="uc-chips" role="tablist" aria-label={t.filter}>
          {DOC_GROUPS.map((g) => (
            <button key={g} type="button" role="tab" className="uc-chip" aria-selected={g === group} onClick={() => setParams(g === 'all' ? {} : { status: g }, { replace: true })}>
              {t.groups[g]}
            </button>
          ))}
        </div>
        <MyDocsList route={ROUTE} group={group} />
      </section>
    </PageFrame>
  );
}
