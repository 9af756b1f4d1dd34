import { http, navigate, routePath, useLoad } from 'shared-kernel';
import { COMPLAINT_EMAIL, TEXTS } from '../texts';
import { Modal } from '../ui/Modal';

/**
 * The disclaimer (SPEC §1, §2): persistent, it has no close button and ignores Escape and the backdrop; only
 * acknowledging it closes it.
 */
export function DisclaimerDialog({ open, onAcknowledge }: { open: boolean; onAcknowledge: () => void }) {
  const complaint = routePath('site.report');
  // the address staff configure (site setting complaint_email, GET /api/trust-contact/); the built-in one until it answers
  const contact = useLoad(open ? 'trust-contact' : null, () =>
    http.get<{ email: string }>('/trust-contact/', { background: true, skipErrorToast: true }).then((r) => r.data.email),
  );
  const email = contact.data || COMPLAINT_EMAIL;
  return (
    <Modal open={open} title={TEXTS.disclaimer.title} mobile="popup" layer="top" width={440} data={{ testid: 'disclaimer-dialog' }}>
      <div className="ma-disclaimer">
        {TEXTS.disclaimer.paragraphs(email).map((text) => (
          <p key={text}>{text}</p>
        ))}
        <p>
          <a
            href={complaint}
            onClick={(event) => {
              event.preventDefault();
              onAcknowledge();
              navigate(complaint);
            }}
          >
            {TEXTS.disclaimer.complaint}
          </a>
        </p>
      </div>
      <div className="ma-dialog-actions">
        <button type="button" className="ma-primary ma-block" data-autofocus="" onClick={onAcknowledge}>
          {TEXTS.disclaimer.acknowledge}
        </button>
      </div>
    </Modal>
  );
}
