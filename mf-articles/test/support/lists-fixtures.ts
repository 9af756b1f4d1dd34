// Fixtures of the list pages' tests, shaped like the API's answers (the tests script them on the kernel's fake API).
/** A DRF page of `results` out of `count`, with `next` while more remain. */
export function page<T>(results: T[], pageNo: number, count: number, size = 20) {
  return { body: { count, next: pageNo * size < count ? `/api/?page=${pageNo + 1}` : null, previous: null, results } };
}

let seq = 0;
export function doc(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    id: seq,
    title: `静夜思 第${seq}篇`,
    summary: '床前明月光，疑是地上霜。',
    category: { id: 3, name: '唐诗' },
    uploader: { uid: 1, nickname: '李白' },
    file_type: 'pdf',
    ext_cate: 'pdf',
    size: 1536,
    pages: 3,
    status: 1,
    status_text: '已发布',
    active: 1,
    score: 45000,
    rating: 5,
    views: 10,
    downloads: 12345,
    comment_count: 0,
    collect_count: 0,
    price: 0,
    is_free: true,
    create_time: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export function blog(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    id: seq,
    title: `读诗札记 ${seq}`,
    summary: '说说月亮。',
    category: { id: 3, name: '唐诗' },
    author: { uid: 2, nickname: '杜甫' },
    status: 1,
    status_text: '已发布',
    views: 3,
    comment_count: 2,
    collect_count: 0,
    appendix_count: 1,
    create_time: '2026-11-21T08:00:00.000Z',
    update_time: '2026-11-21T08:00:00.000Z',
    ...overrides,
  };
}

export const TREE = [
  {
    id: 1, name: '诗词', description: '历代诗词', parent: null, sequence: 1, is_upload: false,
    children: [
      { id: 3, name: '唐诗', description: '', parent: 1, sequence: 1, is_upload: true, children: [{ id: 7, name: '李白', description: '', parent: 3, sequence: 1, is_upload: true, children: [] }] },
      { id: 4, name: '宋词', description: '', parent: 1, sequence: 2, is_upload: true, children: [] },
    ],
  },
  { id: 2, name: '典籍', description: '经史子集', parent: null, sequence: 2, is_upload: false, children: [] },
];

export function categoryDetail(id = 3) {
  return {
    id, name: '唐诗', description: '唐代诗歌', parent: 1, sequence: 1, is_upload: true,
    path: [{ id: 1, name: '诗词' }, { id, name: '唐诗' }],
    children: [{ id: 7, name: '李白', description: '', parent: id, sequence: 1, is_upload: true }],
    docs_count: 42, blogs_count: 5,
  };
}
