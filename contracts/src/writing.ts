import { Type, type Static } from '@sinclair/typebox';
import { CategoryRef, UserRef } from './content';
import { defineEndpoints } from './endpoint';
import { messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/**
 * Writing (issue 18): blogs written on the site. A post has a working copy (its draft) that saves while the
 * author writes: each save names the draft version it was based on, and a save based on an older version
 * answers 409 with the server's draft, so the page can offer both texts. Submitting runs the machine checks and
 * puts the post in review (待审核); staff approve (已发布) or reject it with a reason (审核未通过).
 */

const DateTime = Type.String({ format: 'date-time' });

export const WRITING_LIMITS = { title: 100, summary: 300, content: 200_000, tags: 5, tag: 20, cover: 500, minContent: 20, maxLinks: 20 } as const;

export const WritingIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('编号无效') }) });
export type WritingIdParams = Static<typeof WritingIdParams>;

const draftFields = {
  title: Text({ maxLength: WRITING_LIMITS.title, ...messages(`标题最多 ${WRITING_LIMITS.title} 个字`) }),
  summary: Text({ maxLength: WRITING_LIMITS.summary, ...messages(`摘要最多 ${WRITING_LIMITS.summary} 个字`) }),
  content: Text({ maxLength: WRITING_LIMITS.content, description: 'Markdown 正文（按原样保存，渲染时净化）', ...messages('正文太长了') }),
  category: Type.Integer({ minimum: 1, ...messages('请选择分类', '请选择分类') }),
  tags: Type.Array(Text({ minLength: 1, maxLength: WRITING_LIMITS.tag, ...messages(`每个标签 1-${WRITING_LIMITS.tag} 个字`) }), {
    maxItems: WRITING_LIMITS.tags,
    ...messages(`最多 ${WRITING_LIMITS.tags} 个标签`),
  }),
  // an uploaded picture or an https address (never javascript: or data:); no NUL either, like Text()
  cover: Type.String({ maxLength: WRITING_LIMITS.cover, pattern: '^(|/api/img-storage/[0-9]+/|https://[^\\s"<>\\u0000]+)$', ...messages('封面图片地址无效') }),
};

/** POST blogs/: a new post (a draft); everything but the category may still be empty. */
export const BlogCreateBody = Type.Object(
  {
    category: draftFields.category,
    title: Type.Optional(draftFields.title),
    summary: Type.Optional(draftFields.summary),
    content: Type.Optional(draftFields.content),
    tags: Type.Optional(draftFields.tags),
    cover: Type.Optional(draftFields.cover),
  },
  { additionalProperties: false },
);
export type BlogCreateBody = Static<typeof BlogCreateBody>;

/** PATCH blogs/{id}/: save the draft (autosave): the fields that changed and the version they were based on. */
export const BlogDraftPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: '这次修改所基于的草稿版本', ...messages('草稿版本无效', '缺少草稿版本') }),
    title: Type.Optional(draftFields.title),
    summary: Type.Optional(draftFields.summary),
    content: Type.Optional(draftFields.content),
    category: Type.Optional(draftFields.category),
    tags: Type.Optional(draftFields.tags),
    cover: Type.Optional(draftFields.cover),
  },
  { additionalProperties: false },
);
export type BlogDraftPatch = Static<typeof BlogDraftPatch>;

export const BlogDraft = Type.Object({
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  category: Type.Integer(),
  tags: Type.Array(Type.String()),
  cover: Type.String(),
  version: Type.Integer(),
  update_time: DateTime,
});
export type BlogDraft = Static<typeof BlogDraft>;

/** One of my posts as the list shows it. */
export const MyBlogItem = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: '草稿的标题（未提交过的文章只有草稿）' }),
  status: Type.Integer({ description: '0 草稿 1 已发布 2 审核未通过 3 已下架 4 待审核' }),
  status_text: Type.String(),
  reject_reason: Type.String(),
  category: CategoryRef,
  views: Type.Integer(),
  comment_count: Type.Integer(),
  collect_count: Type.Integer(),
  appendix_count: Type.Integer(),
  appendix_income: Type.Integer({ description: '附件收入（分）：付费下载的价格之和' }),
  unsubmitted_changes: Type.Boolean({ description: '草稿有未提交审核的修改' }),
  submit_time: Type.Union([DateTime, Type.Null()]),
  create_time: DateTime,
  update_time: DateTime,
});
export type MyBlogItem = Static<typeof MyBlogItem>;
export const MyBlogPage = PageSchema(MyBlogItem);
export type MyBlogPage = Static<typeof MyBlogPage>;

/** GET my-blogs/{id}/ and the answer of every write: the post and its draft. */
export const MyBlog = Type.Composite([MyBlogItem, Type.Object({ draft: BlogDraft })]);
export type MyBlog = Static<typeof MyBlog>;

export const MY_BLOG_FILTERS = ['draft', 'published', 'rejected', 'removed', 'pending'] as const;
export type MyBlogFilter = (typeof MY_BLOG_FILTERS)[number];
export const MyBlogQuery = Type.Object({ ...PageQuery, status: Type.Optional(StringEnum(MY_BLOG_FILTERS, { description: '按状态筛选' })) });
export type MyBlogQuery = Static<typeof MyBlogQuery>;

/** 409 of a stale save: the server's draft, for the page to offer both texts. */
export const DraftConflict = Type.Object({ message: Type.String(), code: Type.Literal('draft_conflict'), draft: BlogDraft });
export type DraftConflict = Static<typeof DraftConflict>;

/** A post in the staff review queue, with its submitted text. */
export const StaffBlog = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  category: CategoryRef,
  author: UserRef,
  tags: Type.Array(Type.String()),
  cover: Type.String(),
  status: Type.Integer(),
  status_text: Type.String(),
  reject_reason: Type.String(),
  submit_time: Type.Union([DateTime, Type.Null()]),
  update_time: DateTime,
});
export type StaffBlog = Static<typeof StaffBlog>;
export const StaffBlogPage = PageSchema(StaffBlog);
export type StaffBlogPage = Static<typeof StaffBlogPage>;
export const StaffBlogQuery = Type.Object({ ...PageQuery, status: Type.Optional(StringEnum(MY_BLOG_FILTERS, { description: '默认 pending（待审核）' })) });
export type StaffBlogQuery = Static<typeof StaffBlogQuery>;
export const BlogRejectBody = Type.Object(
  { reason: Text({ minLength: 2, maxLength: 200, ...messages('请填写驳回原因（2-200 字）', '请填写驳回原因') }) },
  { additionalProperties: false },
);
export type BlogRejectBody = Static<typeof BlogRejectBody>;

export const writingEndpoints = defineEndpoints({
  'POST /api/blogs/': { body: BlogCreateBody, response: { 201: MyBlog } },
  'PATCH /api/blogs/{id}/': { params: WritingIdParams, body: BlogDraftPatch, response: { 200: MyBlog, 409: DraftConflict } },
  'DELETE /api/blogs/{id}/': { params: WritingIdParams, response: {} },
  'POST /api/blogs/{id}/submit/': { params: WritingIdParams, response: { 200: MyBlog } },
  'GET /api/my-blogs/': { querystring: MyBlogQuery, response: { 200: MyBlogPage } },
  'GET /api/my-blogs/{id}/': { params: WritingIdParams, response: { 200: MyBlog } },
  'GET /api/staff/blogs/': { querystring: StaffBlogQuery, response: { 200: StaffBlogPage } },
  'POST /api/staff/blogs/{id}/approve/': { params: WritingIdParams, response: { 200: StaffBlog } },
  'POST /api/staff/blogs/{id}/reject/': { params: WritingIdParams, body: BlogRejectBody, response: { 200: StaffBlog } },
});
