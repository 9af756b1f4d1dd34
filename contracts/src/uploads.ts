import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/** Uploads (issue 15): resumable upload sessions, my documents, conversion progress, staff review, img-storage. */

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const UPLOAD_LIMITS = {
  maxSize: 209715200,
  imageMaxSize: 20971520,
  maxBatch: 20,
  dailyUploads: 50,
  chunkSize: 5242880,
  maxPrice: 50000,
  previewPages: { min: 1, max: 50, default: 5 },
  imgStorageMaxSize: 5242880,
  imgStorageMaxSide: 4096,
} as const;

/** The groups of GET /api/my-docs/?status=. */
export const MY_DOC_GROUPS = ['all', 'converting', 'reviewing', 'published', 'rejected', 'failed', 'removed'] as const;
export type MyDocGroup = (typeof MY_DOC_GROUPS)[number];

/** What a document in status 6 (转换中) is doing. */
export const CONVERT_STAGES = ['queued', 'waiting_converter', 'converting', 'extracting', 'thumbnails', 'checking'] as const;

export const IMG_PURPOSES = ['avatar', 'cover', 'blog'] as const;

export const UploadSetting = Type.Object({
  max_size: Type.Integer(),
  image_max_size: Type.Integer(),
  max_batch: Type.Integer(),
  daily_uploads: Type.Integer(),
  left_today: Nullable(Type.Integer({ description: '今天还能上传几个；未登录为 null' })),
  chunk_size: Type.Integer(),
  max_price: Type.Integer({ description: '最高价格（分）' }),
  preview_pages: Type.Object({ min: Type.Integer(), max: Type.Integer(), default: Type.Integer() }),
  types: Type.Object({ documents: Type.Array(Type.String()), images: Type.Array(Type.String()), archives: Type.Array(Type.String()) }),
  converter_ready: Type.Boolean(),
  converter_message: Type.String(),
});
export type UploadSetting = Static<typeof UploadSetting>;

export const UploadSessionBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: 255, ...messages('文件名无效', '请选择文件') }),
    size: Type.Integer({ minimum: 0, ...messages('文件大小无效', '文件大小无效') }),
  },
  { additionalProperties: false },
);
export type UploadSessionBody = Static<typeof UploadSessionBody>;

export const UploadSession = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  size: Type.Integer(),
  offset: Type.Integer(),
  chunk_size: Type.Integer(),
  expire_time: DateTime,
});
export type UploadSession = Static<typeof UploadSession>;

export const UploadSessionParams = Type.Object({ id: Type.String({ format: 'uuid', ...messages('上传编号无效') }) });
export type UploadSessionParams = Static<typeof UploadSessionParams>;
export const UploadChunkQuery = Type.Object({ offset: Type.Integer({ minimum: 0, ...messages('偏移量无效', '缺少偏移量') }) });
export type UploadChunkQuery = Static<typeof UploadChunkQuery>;

/** 409 of PUT upload-sessions/{id}/: resume from `offset`. */
export const OffsetMismatch = Type.Object({ message: Type.String(), code: Type.Literal('offset_mismatch'), offset: Type.Integer() });
export type OffsetMismatch = Static<typeof OffsetMismatch>;

const Title = Text({ minLength: 1, maxLength: 200, ...messages('标题为 1-200 字', '请填写标题') });
const Summary = Text({ maxLength: 1000, ...messages('简介最多 1000 字') });
const Price = Type.Integer({ minimum: 0, maximum: UPLOAD_LIMITS.maxPrice, ...messages('价格为 0（免费）或 0.01-500 元', '请填写价格') });
const PreviewPages = Type.Integer({ minimum: UPLOAD_LIMITS.previewPages.min, maximum: UPLOAD_LIMITS.previewPages.max, ...messages('可预览页数为 1-50', '请填写可预览页数') });
const CategoryId = Type.Integer({ minimum: 1, ...messages('请选择分类', '请选择分类') });
const UploadId = Type.String({ format: 'uuid', ...messages('请先上传文件', '请先上传文件') });

export const DocCreateBody = Type.Object(
  {
    upload: UploadId,
    title: Title,
    summary: Type.Optional(Summary),
    category: CategoryId,
    price: Price,
    preview_pages: Type.Optional(PreviewPages),
    agree: Type.Literal(true, messages('请阅读并同意上传协议', '请阅读并同意上传协议')),
  },
  { additionalProperties: false },
);
export type DocCreateBody = Static<typeof DocCreateBody>;

export const DocPatchBody = Type.Object(
  {
    title: Type.Optional(Title),
    summary: Type.Optional(Summary),
    category: Type.Optional(CategoryId),
    price: Type.Optional(Price),
    preview_pages: Type.Optional(PreviewPages),
    upload: Type.Optional(UploadId),
  },
  { additionalProperties: false },
);
export type DocPatchBody = Static<typeof DocPatchBody>;

export const DocIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('文档编号无效') }) });
export type DocIdParams = Static<typeof DocIdParams>;

export const MyDoc = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  summary: Type.String(),
  category: Type.Object({ id: Type.Integer(), name: Type.String() }),
  file_type: Type.String(),
  ext_cate: Type.String(),
  size: Type.Integer(),
  pages: Type.Integer(),
  status: Type.Integer(),
  status_text: Type.String(),
  stage: Type.String({ description: '转换中的阶段：queued, waiting_converter, converting, extracting, thumbnails, checking；其他状态为空' }),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  reason: Type.String({ description: '未通过或转换失败的原因' }),
  price: Type.Integer({ description: '价格（分）' }),
  is_free: Type.Boolean(),
  preview_pages: Type.Integer(),
  views: Type.Integer(),
  downloads: Type.Integer(),
  earned_coins: Type.Integer(),
  create_time: DateTime,
  update_time: DateTime,
  cover_url: Nullable(Type.String()),
});
export type MyDoc = Static<typeof MyDoc>;
export const MyDocPage = PageSchema(MyDoc);
export type MyDocPage = Static<typeof MyDocPage>;

export const MyDocQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(StringEnum(MY_DOC_GROUPS, messages('状态无效'))),
  search: Type.Optional(Text({ maxLength: 100, ...messages('搜索词最多 100 字') })),
});
export type MyDocQuery = Static<typeof MyDocQuery>;

export const ProgressQuery = Type.Object({ ids: Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,49}$', ...messages('文档编号无效', '缺少文档编号') }) });
export type ProgressQuery = Static<typeof ProgressQuery>;

/** The data of one `progress` server-sent event. */
export const ProgressEvent = Type.Object({
  id: Type.Integer(),
  status: Type.Integer(),
  status_text: Type.String(),
  stage: Type.String(),
  progress: Type.Integer(),
  reason: Type.String(),
});
export type ProgressEvent = Static<typeof ProgressEvent>;

export const DocChecks = Type.Object({
  duplicate_of: Nullable(Type.Integer()),
  blank: Type.Boolean(),
  little_text: Type.Boolean(),
});
export type DocChecks = Static<typeof DocChecks>;

export const StaffDoc = Type.Composite([
  MyDoc,
  Type.Object({ uploader: Type.Object({ uid: Type.Integer(), nickname: Type.String() }), checks: DocChecks }),
]);
export type StaffDoc = Static<typeof StaffDoc>;
export const StaffDocPage = PageSchema(StaffDoc);
export type StaffDocPage = Static<typeof StaffDocPage>;

export const StaffDocQuery = Type.Object({ ...PageQuery, status: Type.Optional(StringEnum(MY_DOC_GROUPS, messages('状态无效'))) });
export type StaffDocQuery = Static<typeof StaffDocQuery>;

export const DocRejectBody = Type.Object(
  { reason: Text({ minLength: 2, maxLength: 200, ...messages('请填写原因（2-200 字）', '请填写原因') }) },
  { additionalProperties: false },
);
export type DocRejectBody = Static<typeof DocRejectBody>;

/** The upload rule among the staff settings: publish at once when the uploader's level is at least this (null: never). */
export const UploadSettings = Type.Object({ trusted_uploader_level: Nullable(Type.Integer({ minimum: 0 })) });
export type UploadSettings = Static<typeof UploadSettings>;
export const UploadSettingsPatch = Type.Object(
  { trusted_uploader_level: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1000, ...messages('等级为 0-1000 的整数') }))) },
  { additionalProperties: false },
);
export type UploadSettingsPatch = Static<typeof UploadSettingsPatch>;

export const StoredImage = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer(),
});
export type StoredImage = Static<typeof StoredImage>;
export const ImageIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('图片编号无效') }) });
export type ImageIdParams = Static<typeof ImageIdParams>;

export const uploadsEndpoints = defineEndpoints({
  'GET /api/upload-setting/': { response: { 200: UploadSetting } },
  'POST /api/upload-sessions/': { body: UploadSessionBody, response: { 201: UploadSession } },
  'GET /api/upload-sessions/{id}/': { params: UploadSessionParams, response: { 200: UploadSession } },
  'PUT /api/upload-sessions/{id}/': { params: UploadSessionParams, querystring: UploadChunkQuery, response: { 200: UploadSession, 409: OffsetMismatch } },
  'DELETE /api/upload-sessions/{id}/': { params: UploadSessionParams, response: { 204: Type.Null() } },
  'POST /api/docs/': { body: DocCreateBody, response: { 201: MyDoc } },
  'PATCH /api/docs/{id}/': { params: DocIdParams, body: DocPatchBody, response: { 200: MyDoc } },
  'DELETE /api/docs/{id}/': { params: DocIdParams, response: { 204: Type.Null() } },
  'POST /api/docs/{id}/retry/': { params: DocIdParams, response: { 200: MyDoc } },
  'GET /api/my-docs/': { querystring: MyDocQuery, response: { 200: MyDocPage } },
  'GET /api/my-docs/{id}/': { params: DocIdParams, response: { 200: MyDoc } },
  'GET /api/staff/docs/': { querystring: StaffDocQuery, response: { 200: StaffDocPage } },
  'POST /api/staff/docs/{id}/approve/': { params: DocIdParams, response: { 200: StaffDoc } },
  'POST /api/staff/docs/{id}/reject/': { params: DocIdParams, body: DocRejectBody, response: { 200: StaffDoc } },
  'GET /api/staff/settings/uploads/': { response: { 200: UploadSettings } },
  'PATCH /api/staff/settings/uploads/': { body: UploadSettingsPatch, response: { 200: UploadSettings } },
  'POST /api/img-storage/': { response: { 201: StoredImage } },
});
