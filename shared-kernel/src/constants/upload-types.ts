/** Allowed upload types of SPEC.md §3, by platform. Extensions are lower case, without the dot. */
export interface UploadTypes {
  documents: readonly string[];
  images: readonly string[];
  archives: readonly string[];
}

const DOCUMENTS = ['doc', 'docx', 'rtf', 'wps', 'odt', 'ppt', 'pptx', 'xls', 'xlsx', 'pdf', 'epub', 'txt', 'md'] as const;
const IMAGES = ['jpg', 'jpeg', 'png'] as const;
const ARCHIVES = ['zip', 'rar'] as const;

export const UPLOAD_TYPES_DESKTOP: UploadTypes = { documents: DOCUMENTS, images: IMAGES, archives: ARCHIVES };
/** SPEC.md §3 lists one document list (the desktop one) and no separate mobile list: mobile accepts the same. */
export const UPLOAD_TYPES_MOBILE: UploadTypes = { documents: DOCUMENTS, images: IMAGES, archives: ARCHIVES };

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Which group of `types` a file name belongs to, or null when its extension is not allowed. */
export function uploadKindOf(fileName: string, types: UploadTypes): keyof UploadTypes | null {
  const ext = extensionOf(fileName);
  if (!ext) return null;
  for (const kind of ['documents', 'images', 'archives'] as const) if (types[kind].includes(ext)) return kind;
  return null;
}
