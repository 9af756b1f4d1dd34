import type { ExtCate } from 'contracts';

/** The kinds an upload may be, decided by its bytes (jpeg is stored as jpg). */
export const UPLOAD_TYPES = [
  'doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md',
  'jpg', 'png', 'zip', 'rar',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The site's icon family of each kind (contracts EXT_CATES). */
export const EXT_CATE_OF: Readonly<Record<UploadType, ExtCate>> = {
  pdf: 'pdf',
  doc: 'word', docx: 'word', rtf: 'word', wps: 'word', odt: 'word',
  xls: 'excel', xlsx: 'excel',
  ppt: 'ppt', pptx: 'ppt',
  zip: 'compress', rar: 'compress',
  epub: 'other', txt: 'other', md: 'other', jpg: 'other', png: 'other',
};

/** Kinds LibreOffice turns into a PDF. */
export const OFFICE_TYPES: readonly UploadType[] = ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx'];

/** Archive limits of the uploads design (zip-based documents and zip/rar archives). */
export const ARCHIVE_LIMITS = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  /** Entries smaller than this are not judged by their ratio: a few KB of repeated XML cannot bomb anything. */
  ratioMinBytes: 100 * 1024,
} as const;

export type InspectResult =
  | { ok: true; type: UploadType; ext: UploadType; mime: string; extCate: ExtCate }
  | { ok: false; reason: string };

export type ConversionStage = 'converting' | 'extracting' | 'thumbnails';

export interface ConversionInput {
  /** The uploaded file (already accepted by inspectUpload). */
  file: string;
  type: UploadType;
  /** An empty folder of this job; every output goes under it (the caller removes it). */
  workDir: string;
  timeoutMs: number;
  onProgress?: (stage: ConversionStage, percent: number) => void;
}

export interface ConversionResult {
  /** The PDF to preview; null when the file is its own preview (a PDF) or has none (an archive). */
  previewPdf: string | null;
  pages: number;
  /** The text inside, for search and the description ('' when there is none or no tool to read it). */
  text: string;
  /** PNG of the first page; null for archives or when pdftoppm is missing. */
  cover: string | null;
  /** PNGs of the first pages (at most 3). */
  thumbnails: string[];
  /** An archive's entries (names as stored, sizes uncompressed). */
  entries?: { name: string; size: number }[];
  /** What could not be done and why, in Chinese (e.g. text not extracted without poppler); absent when all went well. */
  notes?: string[];
}

/** Why a conversion stopped: `converter_missing` may succeed later (the job can wait), the others are final. */
export type ConversionErrorCode = 'failed' | 'timeout' | 'converter_missing';

/** A conversion that cannot finish; `reason` is shown to the uploader. */
export class ConversionError extends Error {
  readonly reason: string;
  readonly code: ConversionErrorCode;

  constructor(reason: string, options: { cause?: unknown; code?: ConversionErrorCode } = {}) {
    super(reason, { cause: options.cause });
    this.name = 'ConversionError';
    this.reason = reason;
    this.code = options.code ?? 'failed';
  }
}
