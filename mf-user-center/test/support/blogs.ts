// Fixtures of the writing wire (contracts/src/writing.ts) for mf-user-center's blog pages.
export const blogCategories = [
  { id: 3, name: '前端', full_name: '技术 / 前端', parent: 1 },
  { id: 4, name: '后端', full_name: '技术 / 后端', parent: 1 },
];

export function draft(overrides: Record<string, unknown> = {}) {
  return { title: '', summary: '', content: '', category: 3, tags: [], cover: '', version: 1, update_time: '2026-11-25T02:00:00.000Z', ...overrides };
}

export function myBlog(overrides: Record<string, unknown> = {}, draftOverrides: Record<string, unknown> = {}) {
  return {
    id: 77, title: '', status: 0, status_text: '草稿', reject_reason: '', category: { id: 3, name: '前端' }, views: 0, comment_count: 0,
    collect_count: 0, appendix_count: 0, appendix_income: 0, unsubmitted_changes: true, submit_time: null,
    create_time: '2026-11-25T02:00:00.000Z', update_time: '2026-11-25T02:00:00.000Z', ...overrides, draft: draft(draftOverrides),
  };
}
