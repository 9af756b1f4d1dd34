import type { PreviewInfo, PreviewPage, PreviewUrl } from 'contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/http/errors';
import { mimeOf } from '../../../infra/storage/file-types';
import { PAY_ROUTES, PREVIEW_LINK_TTL_S } from '../constants';
import { clock, currentUser } from '../context';
import { contentDisposition } from './grants';
import { docNotFound, visibleDoc } from '../load';
import { pdfFirstPages, previewInfo, textPages } from '../preview';
import { docPreviewFile } from '../repositories/documents';
import { hasValidPurchase } from '../../pay/repositories/purchases';
import type { DocRow } from '../serialize';
import { linkExpired } from './downloads';

const NO_PREVIEW = '该格式暂不支持在线预览，请下载后阅读';
const limitText = (pages: number) => `付费文档仅可预览前${pages}页，购买后可阅读全文`;
const pageOutside = () => new ApiError(404, 'not_found', '页码超出文档页数');

/** What a preview answers: a PDF (cut to the pages it may show) or one page of text. */
export type PreviewFile = { type: 'pdf'; bytes: Buffer; disposition: string } | { type: 'text'; text: string; mime: string };

/** Reading a document in the page: what may be read, signed links to the pages, and the pages themselves. */
export function previewService(app: FastifyInstance) {
  const previewOf = async (request: FastifyRequest, id: number): Promise<{ row: DocRow; info: PreviewInfo }> => {
    const row = await visibleDoc(app, request, id);
    const user = currentUser(request);
    let unlocked = user?.id === row.uploader_id;
    if (user && !unlocked) unlocked = await hasValidPurchase(app.db, user.id, id, clock(app));
    return { row, info: previewInfo(row, unlocked) };
  };

  return {
    async page(request: FastifyRequest, id: number): Promise<PreviewPage> {
      const { row, info } = await previewOf(request, id);
      const message = info.type === 'none' ? NO_PREVIEW : info.limited ? limitText(info.preview_pages) : '';
      return { id: row.id, ...info, message };
    },
    /** A signed link to one page; a page past the paid preview answers 403 with what the payment page needs. */
    async url(request: FastifyRequest, id: number, page: number): Promise<PreviewUrl> {
      const { row, info } = await previewOf(request, id);
      if (info.type === 'none') throw new ApiError(404, 'no_preview', NO_PREVIEW);
      if (page > info.pages) throw pageOutside();
      if (page > info.preview_pages) {
        throw new ApiError(403, 'preview_limit', limitText(info.preview_pages), undefined, {
          docs: row.id,
          price: row.price,
          preview_pages: info.preview_pages,
          pay: { route: currentUser(request) ? PAY_ROUTES.user : PAY_ROUTES.guest, query: { docs: String(row.id) } },
        });
      }
      const exp = Math.floor(clock(app).getTime() / 1000) + PREVIEW_LINK_TTL_S;
      // a PDF link carries how many pages it may show; a text link the one page it shows
      const n = info.type === 'pdf' ? info.preview_pages : page;
      const token = app.content.signer.sign({ kind: 'preview', id, n, exp });
      const url = `/api/docs-preview-file/${id}/?token=${encodeURIComponent(token)}`;
      return { id, page, type: info.type, url, expire_time: new Date(exp * 1000) as unknown as string };
    },
    /** The file behind a signed preview link; `found` runs once the link holds and the document exists. */
    async file(token: string, id: number, found: () => void): Promise<PreviewFile> {
      const claims = app.content.signer.verify(token, Math.floor(clock(app).getTime() / 1000));
      if (!claims || claims.kind !== 'preview' || claims.id !== id) throw linkExpired();
      const doc = await docPreviewFile(app.db, claims.id);
      if (!doc) throw docNotFound();
      found();
      const storage = app.content.storage;
      if (doc.file_type === 'pdf') {
        const key = claims.n < doc.pages ? await pdfFirstPages(storage, doc.file_id, doc.storage_key, claims.n) : doc.storage_key;
        const name = `preview-${claims.id}.pdf`;
        return { type: 'pdf', bytes: await storage.read(key), disposition: contentDisposition('inline', name, name) };
      }
      const text = textPages((await storage.read(doc.storage_key)).toString('utf8'))[claims.n - 1];
      if (text === undefined) throw pageOutside();
      return { type: 'text', text, mime: mimeOf(doc.file_type) };
    },
  };
}
