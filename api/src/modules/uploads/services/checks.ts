import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ConversionResult } from '../../../infra/convert';
import { firstPageOf } from '../../content/preview';
import { titleVectorLiteral, tsvectorLiteral } from '../../content/search/vector';
import { LITTLE_TEXT_CHARS, isImageExt } from '../config';
import * as docs from '../repositories/docs';
import * as settings from '../repositories/settings';
import { notify } from './publish';

/** Derived files of a stored file (removed with it by the file sweeper): `derived/<id % 256 as 2 hex>/<id>-<name>`. */
export const derivedKey = (fileId: number, name: string) => `derived/${(Number(fileId) % 256).toString(16).padStart(2, '0')}/${fileId}-${name}`;

type DocForConversion = NonNullable<Awaited<ReturnType<typeof docs.docForConversion>>>;

/** The machine review: same content as a published document, nothing in it, too little text. */
async function machineChecks(app: FastifyInstance, doc: DocForConversion, result: ConversionResult): Promise<docs.MyDocRow['checks']> {
  const visible = result.text.replace(/\s+/g, '').length;
  const ext = doc.original_name.split('.').pop()?.toLowerCase() ?? '';
  const textual = !isImageExt(ext) && result.entries === undefined;
  return {
    duplicate_of: await docs.publishedWithHash(app.db, doc.sha256, doc.id),
    blank: result.pages === 0 || (textual && visible === 0),
    little_text: textual && visible > 0 && visible < LITTLE_TEXT_CHARS,
  };
}

/** Published at once when the uploader's level reaches the trusted level and the machine review found nothing. */
async function initialStatus(app: FastifyInstance, uploaderId: number, checks: docs.MyDocRow['checks']): Promise<number> {
  const level = await settings.trustedUploaderLevel(app.db);
  const flagged = checks.duplicate_of !== null || checks.blank || checks.little_text;
  if (level === null || flagged) return 0;
  return (await settings.userLevel(app.db, uploaderId)) >= level ? 1 : 0;
}

/** Stores a conversion's files and results: the preview PDF as a file row, cover and thumbnails as derived files. */
export async function storeResult(app: FastifyInstance, doc: DocForConversion, result: ConversionResult): Promise<void> {
  const storage = app.content.storage;
  await docs.setProgress(app.db, doc.id, 'thumbnails', 90);
  if (result.cover) await storage.putAt(derivedKey(doc.file_id, 'cover.png'), await readFile(result.cover));
  for (const [i, thumb] of result.thumbnails.entries()) await storage.putAt(derivedKey(doc.file_id, `thumb-${i + 1}.png`), await readFile(thumb));
  await docs.setProgress(app.db, doc.id, 'checking', 95);
  const checks = await machineChecks(app, doc, result);
  const status = await initialStatus(app, Number(doc.uploader_id), checks);
  const preview = result.previewPdf ? await storage.putFile('previews', result.previewPdf) : null;
  try {
    await app.db.transaction(async (tx) => {
      const previewFileId = preview
        ? await docs.insertFile(tx, { storage_key: preview.key, original_name: `preview-${doc.id}.pdf`, ext: 'pdf', mime: 'application/pdf', size: preview.size, sha256: preview.sha256 }, app.now())
        : null;
      const converted = {
        pages: result.pages,
        previewFileId,
        hasCover: result.cover !== null,
        firstPageText: firstPageOf(result.text),
        vector: tsvectorLiteral({ title: doc.title, secondary: `${doc.category_name} ${doc.summary}`, body: result.text }),
        titleVector: titleVectorLiteral(doc.title),
        checks,
        status,
        reason: '',
      };
      // the document changed meanwhile (a new file, deleted): these results are nobody's
      if (!(await docs.storeConverted(tx, doc.id, doc.file_id, converted, app.now()))) throw new Error('stale conversion');
      await notify(app, tx, doc, status, '');
    });
  } catch (err) {
    if (preview) await storage.delete(preview.key);
    if ((err as Error).message !== 'stale conversion') throw err;
  }
  app.content.rows.changed('documents', doc.id);
}
