import { useId } from 'react';
import { navigate, routePath, setAppState, useAppState } from 'shared-kernel';
import { TEXTS } from '../texts';
import { FieldError } from './FieldError';

/** An internal link that leaves the page through the kernel's navigate(), so the page is not reloaded. */
function SiteLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
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
          <SiteLink to={routePath('site.userAgreement')}>{TEXTS.userAgreement}</SiteLink>
          {TEXTS.and}
          <SiteLink to={routePath('site.privacyPolicy')}>{TEXTS.privacyPolicy}</SiteLink>
        </span>
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
