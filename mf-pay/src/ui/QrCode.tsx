import { useEffect, useState } from 'react';

/** The QR picture (SVG) of a text; the encoder is a chunk of its own, fetched when the first QR is shown. */
async function qrSvg(text: string): Promise<string> {
  const { renderSVG } = await import(/* webpackChunkName: "lib-uqr" */ 'uqr');
  return renderSVG(text, { border: 1 });
}

export function QrCode({ text, alt, size = 200 }: { text: string; alt: string; size?: number }) {
  const [svg, setSvg] = useState<{ text: string; svg: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(text).then((s) => live && setSvg({ text, svg: s }));
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg || svg.text !== text) return <div className="mp-qr mp-qr-loading" style={{ width: size, height: size }} aria-busy="true" />;
  return (
    <img
      className="mp-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.svg)}`}
      alt={alt}
      width={size}
      height={size}
      data-code={text}
    />
  );
}
