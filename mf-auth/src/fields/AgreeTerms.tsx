import { useId, useState } from 'react';
import { routePath, setAppState, useAppState } from 'shared-kernel';
import type { TermsKind } from '../api/site';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';
import { TermsDialog } from './TermsDialog';

/**
 * A link to the text's page: a plain click opens the text in a dialog over the form, so nothing typed is lost; a
 * modified click (new tab or window) goes to the page.
 */
function TermsLink({ to, kind, onOpen, children }: { to: string; kind: TermsKind; onOpen: (kind: TermsKind) => void; children: string }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(kind);
      }}
    >
      {children}
    </a>
  );
}

/**
 * Agree to the user agreement and privacy policy (SPEC §3 "agree-policy flag", default true). The flag is the
 * kernel's app state, so every form and the dialog share one answer.
 */
export function AgreeTerms({ error }: { error?: string | null }) {
  const agreed = useAppState((s) => s.agreePolicy);
  const [reading, setReading] = useState<TermsKind | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ma-field ma-agree">
      <label className="ma-check">
        <input
          type="checkbox"
          checked={agreed}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setAppState({ agreePolicy: e.target.checked })}
        />
        <span>
          {TEXTS.agreePrefix}
          <TermsLink to={routePath('site.userAgreement')} kind="user-agreement" onOpen={setReading}>{TEXTS.userAgreement}</TermsLink>
          {TEXTS.and}
          <TermsLink to={routePath('site.privacyPolicy')} kind="user-privacy" onOpen={setReading}>{TEXTS.privacyPolicy}</TermsLink>
        </span>
      </label>
      <FieldError id={errorId} message={error} />
      <TermsDialog kind={reading} onClose={() => setReading(null)} />
    </div>
  );
}
