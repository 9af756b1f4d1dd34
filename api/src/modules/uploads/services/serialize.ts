import type { MyDoc, StaffDoc } from 'contracts';
import { DOC_STATUS_TEXT, PAID_PREVIEW_PAGES } from '../../content/constants';
import type { MyDocRow } from '../repositories/docs';

export function myDoc(row: MyDocRow): MyDoc {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    category: { id: Number(row.category_id), name: row.category_name },
    file_type: row.file_type,
    ext_cate: row.ext_cate,
    size: Number(row.size),
    pages: row.pages,
    status: row.status,
    status_text: DOC_STATUS_TEXT[row.status] ?? '',
    stage: row.status === 6 ? row.stage : '',
    progress: row.progress,
    reason: row.reason,
    price: row.price,
    is_free: row.is_free,
    preview_pages: row.preview_pages ?? PAID_PREVIEW_PAGES,
    views: Number(row.views),
    downloads: Number(row.downloads),
    earned_coins: Number(row.earned_coins),
    create_time: row.create_time as unknown as string,
    update_time: row.update_time as unknown as string,
    cover_url: row.has_cover ? `/api/docs-cover/${row.id}/` : null,
  };
}

export function staffDoc(row: MyDocRow): StaffDoc {
  return { ...myDoc(row), uploader: { uid: Number(row.uploader_id), nickname: row.uploader_name }, checks: row.checks };
}
