import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isSitePath, routePath, toastError, toastSuccess } from 'shared-kernel';
import { QrImage } from '../../me/QrImage';
import { ME_TEXTS } from '../../me/texts';
import { MePage } from '../../me/ui';

const ROUTE = 'site.qrcode';
const t = ME_TEXTS.qrcode;

/**
 * site/qrcode: on the web a "scan" screen cannot use a camera reliably, so it does the other half: it shows the QR
 * code of a page of this site (?path=, a site path only; else the home page) for a phone to scan, with the link.
 */
export default function QrcodePage() {
  const [params] = useSearchParams();
  const asked = params.get('path');
  const path = isSitePath(asked) ? asked : routePath('home');
  const url = new URL(path, window.location.href).href;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toastSuccess(t.copied);
    } catch {
      toastError(t.copyFailed);
    }
  };
  const what = isSitePath(asked) ? t.current : t.home;
  return (
    <MePage route={ROUTE}>
      <section className="uc-card me-center">
        <p>{t.lead}</p>
        <QrImage url={url} alt={t.qrAlt(what)} />
        <p className="me-url" data-testid="qr-url">{url}</p>
        <button type="button" className="uc-btn" onClick={() => void copy()}>{copied ? t.copied : t.copy}</button>
        <p className="uc-muted uc-small" style={{ marginTop: 12 }}>{t.scanHint}</p>
      </section>
    </MePage>
  );
}
