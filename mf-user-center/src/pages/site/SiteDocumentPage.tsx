import { useLoad } from 'shared-kernel';
import { getSiteDocument } from '../../me/api';
import { formatTime } from '../../coins/format';
import { Paragraphs } from '../../me/site-text';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';
import { LoadError, Loading } from '../../ui/Status';

type Kind = 'user-agreement' | 'user-privacy';

/** The user agreement or the privacy policy from the API (plain text), with its version and effective date. */
function SiteDocument({ kind, route }: { kind: Kind; route: string }) {
  const doc = useLoad(kind, () => getSiteDocument(kind));
  return (
    <MePage route={route}>
      {doc.error ? (
        <LoadError error={doc.error} onRetry={doc.reload} />
      ) : !doc.data ? (
        <Loading />
      ) : (
        <article className="uc-card" aria-labelledby="me-doc-title">
          <h2 id="me-doc-title" className="uc-h2">{doc.data.title}</h2>
          <p className="uc-muted uc-small me-doc-meta">
            {ME_TEXTS.doc.version(doc.data.version, doc.data.effective_date)} · {ME_TEXTS.doc.updated(formatTime(doc.data.update_time))}
          </p>
          <Paragraphs text={doc.data.content} />
        </article>
      )}
    </MePage>
  );
}

export const UserAgreementPage = () => <SiteDocument kind="user-agreement" route="site.userAgreement" />;
export const PrivacyPolicyPage = () => <SiteDocument kind="user-privacy" route="site.privacyPolicy" />;
