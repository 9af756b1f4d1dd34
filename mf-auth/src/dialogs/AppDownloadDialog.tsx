import { useEffect, useState } from 'react';
import { routePath } from 'shared-kernel';
import { TEXTS } from '../texts';
import { Modal } from '../ui/Modal';
import { closeAppDownload } from './store';

/** The QR picture (SVG) of a URL; the encoder is loaded only when the dialog first opens. */
async function qrSvg(text: string): Promise<string> {
  const { renderSVG } = await import(/* webpackChunkName: "lib-uqr" */ 'uqr');
  return renderSVG(text, { border: 1 });
}

/**
 * The app download dialog (SPEC §2): a QR code of the site's app download page, to scan with a phone, and a link
 * to that page.
 */
export function AppDownloadDialog({ open }: { open: boolean }) {
  const [svg, setSvg] = useState<string | null>(null);
  const page = routePath('site.appDown');

  useEffect(() => {
    if (!open || svg) return;
    let live = true;
    void qrSvg(new URL(page, window.location.href).href).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [open, svg, page]);

  return (
    <Modal open={open} title={TEXTS.appDownload.title} onClose={closeAppDownload} mobile="popup" layer="top" width={340} data={{ testid: 'app-download-dialog' }}>
      <div className="ma-app-download">
        {svg ? (
          <img className="ma-app-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={TEXTS.appDownload.qrAlt} width={180} height={180} />
        ) : (
          <div className="ma-app-qr ma-muted">{TEXTS.appDownload.loading}</div>
        )}
        <p>{TEXTS.appDownload.scan}</p>
        <a href={page} target="_blank" rel="noopener">
          {TEXTS.appDownload.link}
        </a>
      </div>
    </Modal>
  );
}
