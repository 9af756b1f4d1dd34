import { useLoad } from 'shared-kernel';
import { qrDataUrl } from './qr';
import { ME_TEXTS } from './texts';

/** The QR code of `url`, 180 px square, with a placeholder while the encoder loads. */
export function QrImage({ url, alt }: { url: string; alt: string }) {
  const qr = useLoad(`qr:${url}`, () => qrDataUrl(url));
  return qr.data ? (
    <img className="me-qr" src={qr.data} alt={alt} width={180} height={180} data-testid="qr" />
  ) : (
    <div className="me-qr uc-muted me-center" role="status">{ME_TEXTS.loading}</div>
  );
}
