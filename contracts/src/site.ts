import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { APP_PLATFORMS, MOBILE_PLATFORMS } from './enums';
import { IMG_STORAGE_URL_PATTERN, messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/** The site endpoints of SPEC §7 "App and site": client versions, download clicks, the site's texts, WeChat. */

/** A released version of the app or the PC client (app_versions), newest first in every list. */
export const AppVersion = Type.Object({
  id: Type.Integer(),
  platform: StringEnum(APP_PLATFORMS),
  version: Type.String(),
  download_url: Type.String(),
  notes: Type.String(),
  force_update: Type.Boolean(),
  create_time: Type.String({ format: 'date-time' }),
});
export type AppVersion = Static<typeof AppVersion>;

export const AppVersionPage = PageSchema(AppVersion);
export type AppVersionPage = Static<typeof AppVersionPage>;

/** GET /api/app-version-detail/ (its `ordering` field is added by the route, from the fields it can sort by). */
export const AppVersionQuery = Type.Object(
  { ...PageQuery, platform: Type.Optional(StringEnum(APP_PLATFORMS, { description: '平台' })) },
  { additionalProperties: true },
);
export type AppVersionQuery = Static<typeof AppVersionQuery>;

export const AppUpdateQuery = Type.Object(
  { ...PageQuery, platform: Type.Optional(StringEnum(MOBILE_PLATFORMS, { description: '平台；不填时按 User-Agent 判断' })) },
  { additionalProperties: true },
);
export type AppUpdateQuery = Static<typeof AppUpdateQuery>;

export const PcUpdateQuery = Type.Object({ ...PageQuery }, { additionalProperties: true });
export type PcUpdateQuery = Static<typeof PcUpdateQuery>;

export const AppDownClickBody = Type.Object(
  {
    platform: Type.Optional(StringEnum(APP_PLATFORMS, { description: '下载的平台；不填时按 User-Agent 判断', ...messages('平台参数不正确') })),
    source: Type.Optional(Text({ maxLength: 200, description: '点击所在的页面路径或入口名', ...messages('来源不能超过200个字符') })),
    version: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,6}(\\.[0-9]{1,6}){0,3}$', description: '点击时展示的版本号', ...messages('版本号格式不正确') }),
    ),
  },
  { additionalProperties: false },
);
export type AppDownClickBody = Static<typeof AppDownClickBody>;

export const AppDownClickAnswer = Type.Object({
  detail: Type.String(),
  platform: StringEnum(APP_PLATFORMS),
  download_url: Type.Union([Type.String(), Type.Null()], { description: '该平台最新版本的下载地址' }),
});
export type AppDownClickAnswer = Static<typeof AppDownClickAnswer>;

/** The user agreement and the privacy policy. */
export const SiteDocument = Type.Object({
  title: Type.String(),
  version: Type.String(),
  effective_date: Type.String({ description: '生效日期 YYYY-MM-DD' }),
  content: Type.String({ description: '纯文本正文，段落之间空一行' }),
  update_time: Type.String({ format: 'date-time' }),
});
export type SiteDocument = Static<typeof SiteDocument>;

/** A third-party SDK the app embeds (the privacy policy's SDK list). */
export const Sdk = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Type.String(),
  purpose: Type.String({ description: '使用目的' }),
  data_collected: Type.String({ description: '收集的个人信息' }),
  platforms: Type.Array(StringEnum(MOBILE_PLATFORMS)),
  privacy_url: Type.String({ description: '第三方隐私政策链接' }),
});
export type Sdk = Static<typeof Sdk>;

export const SdkPage = PageSchema(Sdk);
export type SdkPage = Static<typeof SdkPage>;

export const SdkQuery = Type.Object(
  { ...PageQuery, platform: Type.Optional(StringEnum(MOBILE_PLATFORMS, { description: '只列出该平台的 SDK' })) },
  { additionalProperties: true },
);
export type SdkQuery = Static<typeof SdkQuery>;

/** The ICP record and copyright line of the page footer. */
export const SiteIcp = Type.Object({
  icp: Type.String({ description: 'ICP 备案号' }),
  icp_url: Type.String(),
  police: Type.String({ description: '公安备案号，未备案为空' }),
  police_url: Type.String(),
  copyright: Type.String(),
});
export type SiteIcp = Static<typeof SiteIcp>;

/** A page of the site, as the chat app's browser shows it (location.href). */
export const WxPageUrlBody = Type.Object(
  { url: Text({ minLength: 1, maxLength: 2048, description: '页面完整地址（http 或 https）', ...messages('页面地址不正确', '请提供页面地址') }) },
  { additionalProperties: false },
);
export type WxPageUrlBody = Static<typeof WxPageUrlBody>;

/** What wx.config needs. */
export const WxJsapiSignAnswer = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: '秒' }),
  nonceStr: Type.String(),
  signature: Type.String({ description: 'sha1，十六进制' }),
});
export type WxJsapiSignAnswer = Static<typeof WxJsapiSignAnswer>;

export const WxMiniShareAnswer = Type.Object({ url: Type.String({ description: '小程序内打开该页面的路径' }) });
export type WxMiniShareAnswer = Static<typeof WxMiniShareAnswer>;

/** POST /api/feedback/: what is wrong or wished for, how to reach the person, up to 3 screenshots. */
export const FeedbackBody = Type.Object(
  {
    content: Text({ maxLength: 1000, description: '反馈内容', ...messages('反馈内容不能超过1000个字符', '请填写反馈内容') }),
    contact: Type.Optional(Text({ maxLength: 100, description: '联系方式（手机号、邮箱或QQ，选填）', ...messages('联系方式不能超过100个字符') })),
    images: Type.Optional(
      Type.Array(Type.String({ pattern: IMG_STORAGE_URL_PATTERN, ...messages('截图地址不正确') }), {
        maxItems: 3,
        description: '截图（POST /api/img-storage/ 返回的 url），最多 3 张',
        ...messages('最多上传3张截图'),
      }),
    ),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

/** A feedback as its author sees it, with the staff's reply once there is one. */
export const Feedback = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  contact: Type.String(),
  images: Type.Array(Type.String()),
  reply: Type.String({ description: '客服回复，未回复为空' }),
  reply_time: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  create_time: Type.String({ format: 'date-time' }),
});
export type Feedback = Static<typeof Feedback>;
export const FeedbackPage = PageSchema(Feedback);
export type FeedbackPage = Static<typeof FeedbackPage>;
export const FeedbackQuery = Type.Object({ ...PageQuery });
export type FeedbackQuery = Static<typeof FeedbackQuery>;

export const siteEndpoints = defineEndpoints({
  'POST /api/feedback/': { body: FeedbackBody, response: { 201: Feedback } },
  'GET /api/feedback/': { querystring: FeedbackQuery, response: { 200: FeedbackPage } },
  'GET /api/app-version-detail/': { response: { 200: AppVersionPage } },
  'GET /api/app-update/': { querystring: AppUpdateQuery, response: { 200: AppVersionPage } },
  'GET /api/pc-update/': { querystring: PcUpdateQuery, response: { 200: AppVersionPage } },
  'POST /api/app-down-click/': { body: AppDownClickBody, response: { 201: AppDownClickAnswer } },
  'GET /api/user-agreement/': { response: { 200: SiteDocument } },
  'GET /api/user-privacy/': { response: { 200: SiteDocument } },
  'GET /api/sdk-list/': { querystring: SdkQuery, response: { 200: SdkPage } },
  'GET /api/site-icp/': { response: { 200: SiteIcp } },
  'POST /api/wx-jsapi-sign/': { body: WxPageUrlBody, response: { 200: WxJsapiSignAnswer } },
  'POST /api/wxmini-share-url/': { body: WxPageUrlBody, response: { 200: WxMiniShareAnswer } },
});
