import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MyDocsList } from '../../docs/MyDocsList';
import { ensureDocsStyles } from '../../docs/styles';
import { DOCS_TEXTS } from '../../docs/texts';
import { PageFrame } from '../../ui/Status';

const ROUTE = 'user.docs.search';
const t = DOCS_TEXTS.search;

/** user/docs/search: my documents matching the words (?q= in the address, so back and reload keep them). */
export default function DocsSearchPage() {
  ensureDocsStyles();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    setParams(q ? { q } : {}, { replace: true });
  };
  return (
    <PageFrame route={ROUTE}>
      <section className="uc-card">
        <form className="ucd-search" role="search" onSubmit={submit}>
          <input className="ucd-input" type="search" aria-label={t.label} placeholder={t.placeholder} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="uc-btn uc-primary">{t.submit}</button>
        </form>
        {query ? <MyDocsList route={ROUTE} group="all" search={query} empty={t.none(query)} /> : <p className="uc-muted uc-empty">{t.prompt}</p>}
      </section>
    </PageFrame>
  );
}
