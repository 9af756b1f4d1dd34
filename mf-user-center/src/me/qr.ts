/** The QR picture (SVG data url) of a text; the encoder is its own chunk, loaded by the pages that show one. */
export async function qrDataUrl(text: string): Promise<string> {
  const { renderSVG } = await import(/* webpackChunkName: "lib-uqr" */ 'uqr');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 1 }))}`;
}
