/**
 * The messages between the page and the PDF host worker (./host.worker.ts), which runs pdf.js off the page's main
 * thread. Types only: the host is emitted as a file of its own and imports nothing at run time.
 */

/** One run of a page's text, placed as pdf.js's TextLayer places it (the page box is the reference). */
export interface TextRun {
  str: string;
  /** Left and top edge, in per cent of the page box's width and height. */
  left: number;
  top: number;
  /** Font height in PDF points: the span's font size is this times `--total-scale-factor`. */
  fontHeight: number;
  /** A generic CSS family (sans-serif, serif, monospace...), what pdf.js's text content names. */
  fontFamily: string;
  /** Horizontal stretch so that the span is as wide as the text on the canvas (1: none). */
  scaleX: number;
  /** Rotation in degrees (0: none). */
  angle: number;
  dir: string;
  /** A line break follows. */
  eol: boolean;
}

export interface PageSize {
  width: number;
  height: number;
}

export interface InitMessage {
  type: 'init';
  /** pdf.js's display API (its legacy build, pre-minified), parser worker: URLs on mf-articles' origin. */
  pdfjs: string;
  parser: string;
}

export type HostRequest =
  | { type: 'open'; id: number; data: ArrayBuffer }
  | {
      type: 'render';
      id: number;
      doc: number;
      page: number;
      /** The page canvas's number; `offscreen` comes with the first request for that canvas. */
      canvas: number;
      offscreen?: OffscreenCanvas;
      cssWidth: number;
      pixelRatio: number;
      /** The text layer's runs are wanted. */
      text: boolean;
    }
  | { type: 'cancel'; id: number }
  | { type: 'release'; doc: number; page: number; canvas: number }
  | { type: 'destroy'; doc: number }
  | { type: 'forget'; canvas: number };

export interface OpenResult {
  doc: number;
  numPages: number;
  /** Per page (index 0 is page 1); null where the page could not be read. */
  sizes: (PageSize | null)[];
}

export interface RenderResult {
  /** Device pixels drawn. */
  width: number;
  height: number;
  text: TextRun[] | null;
}

export type HostReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; value: OpenResult | RenderResult }
  | { type: 'error'; id: number; message: string; cancelled: boolean };
