import { Type, type Static } from '@sinclair/typebox';
import { UserRef } from './content';
import { defineEndpoints } from './endpoint';
import { ContentReport } from './social';
import { IMG_STORAGE_URL_PATTERN, messages, PageQuery, PageSchema, StringEnum, Text } from './schema';

/**
 * Trust and safety (issue 20): the staff audit log, the content reports' staff queue, rights complaints
 * (信息网络传播权保护条例 §14-17, 民法典 §1195-1196), expert certification and penalties. docs/trust.md tells
 * the workflow; staff routes answer 403 `staff_only` to anyone without the role.
 */

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const TrustIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('编号无效') }) });
export type TrustIdParams = Static<typeof TrustIdParams>;

/** A staff member's reason for an action (the person concerned reads it). */
export const TrustReasonBody = Type.Object(
  { reason: Text({ minLength: 2, maxLength: 500, ...messages('请填写原因（2-500 字）', '请填写原因') }) },
  { additionalProperties: false },
);
export type TrustReasonBody = Static<typeof TrustReasonBody>;

const Picture = Type.String({ pattern: IMG_STORAGE_URL_PATTERN, ...messages('图片地址无效，请重新上传') });
const Pictures = (max: number) => Type.Array(Picture, { maxItems: max, ...messages(`最多 ${max} 张图片`) });

// ---------------------------------------------------------------- audit log

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  staff: UserRef,
  action: Type.String({ description: '如 rights.take_down、coins.withdrawal.approve' }),
  target_type: Type.String(),
  target_id: Type.String(),
  before: Type.Unknown({ description: '操作前的状态（JSON），没有为 null' }),
  after: Type.Unknown({ description: '操作后的状态（JSON），没有为 null' }),
  reason: Type.String(),
  create_time: DateTime,
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditPage = PageSchema(AuditEntry);
export type AuditPage = Static<typeof AuditPage>;
export const AuditQuery = Type.Object({
  ...PageQuery,
  staff: Type.Optional(Type.Integer({ minimum: 1, description: '操作人 uid' })),
  action: Type.Optional(Text({ maxLength: 64 })),
  target_type: Type.Optional(Text({ maxLength: 32 })),
  target_id: Type.Optional(Text({ maxLength: 64 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

// ---------------------------------------------------------------- content reports (staff queue)

export const StaffReport = Type.Composite([ContentReport, Type.Object({ reporter: UserRef })]);
export type StaffReport = Static<typeof StaffReport>;
export const StaffReportPage = PageSchema(StaffReport);
export type StaffReportPage = Static<typeof StaffReportPage>;
export const StaffReportQuery = Type.Object({ ...PageQuery, status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: '默认 0（待处理）' })) });
export type StaffReportQuery = Static<typeof StaffReportQuery>;
export const REPORT_ACTIONS = ['dismiss', 'hide_comment', 'take_down'] as const;
export const ReportResolveBody = Type.Object(
  {
    action: StringEnum(REPORT_ACTIONS, { description: 'dismiss 驳回；hide_comment 删除被投诉的评论；take_down 下架被投诉的文档或博客', ...messages('处理方式无效', '请选择处理方式') }),
    reason: TrustReasonBody.properties.reason,
  },
  { additionalProperties: false },
);
export type ReportResolveBody = Static<typeof ReportResolveBody>;

// ---------------------------------------------------------------- comment review (staff)

export const COMMENT_REVIEW_STATUSES = ['shown', 'hidden'] as const;
export const COMMENT_TARGETS = ['docs', 'blogs'] as const;
export const StaffComment = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  author: UserRef,
  target: Type.Object({ type: StringEnum(COMMENT_TARGETS), id: Type.Integer(), title: Type.String() }),
  status: StringEnum(COMMENT_REVIEW_STATUSES),
  create_time: DateTime,
});
export type StaffComment = Static<typeof StaffComment>;
export const StaffCommentPage = PageSchema(StaffComment);
export type StaffCommentPage = Static<typeof StaffCommentPage>;
export const StaffCommentQuery = Type.Object({
  ...PageQuery,
  status: Type.Optional(StringEnum(COMMENT_REVIEW_STATUSES, { description: '默认 shown（显示中）', ...messages('状态无效') })),
  target: Type.Optional(StringEnum(COMMENT_TARGETS, { description: '默认文档和博客都列出', ...messages('评论对象无效') })),
});
export type StaffCommentQuery = Static<typeof StaffCommentQuery>;

// ---------------------------------------------------------------- rights complaints

export const ID_TYPES = ['id_card', 'passport', 'business_license', 'other'] as const;
export const COMPLAINT_STATES = ['submitted', 'incomplete', 'taken_down', 'counter_noticed', 'lawsuit', 'closed', 'rejected'] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/** The identity and contact elements a notice and a counter-statement both carry (§14, §16). */
const identityFields = {
  real_name: Text({ minLength: 2, maxLength: 50, ...messages('请填写真实姓名或单位名称（2-50 字）', '请填写真实姓名或单位名称') }),
  id_type: StringEnum(ID_TYPES, { ...messages('证件类型无效', '请选择证件类型') }),
  id_number: Type.String({ pattern: '^[0-9A-Za-z-]{5,30}$', ...messages('证件号码格式不正确', '请填写证件号码') }),
  phone: Type.String({ pattern: '^[0-9+ -]{5,20}$', ...messages('联系电话格式不正确', '请填写联系电话') }),
  email: Type.Optional(Type.String({ maxLength: 100, pattern: '^(|[^@\\s]+@[^@\\s]+\\.[^@\\s]+)$', ...messages('邮箱格式不正确') })),
};

export const RightsComplaintBody = Type.Object(
  {
    ...identityFields,
    docs: Type.Integer({ minimum: 1, description: '被投诉文档的编号（本站地址中的数字）', ...messages('文档编号无效', '请填写被投诉文档的地址或编号') }),
    work: Text({ minLength: 2, maxLength: 200, description: '权利作品名称', ...messages('请填写权利作品名称（2-200 字）', '请填写权利作品名称') }),
    urls: Type.Optional(Text({ maxLength: 2000, description: '侵权内容在本站的其他地址，每行一个' })),
    description: Text({ minLength: 10, maxLength: 2000, ...messages('请说明权属和侵权情况（10-2000 字）', '请说明权属和侵权情况') }),
    proofs: Type.Array(Picture, { minItems: 1, maxItems: 9, ...messages('请上传 1-9 张权属证明图片', '请上传权属证明') }),
  },
  { additionalProperties: false },
);
export type RightsComplaintBody = Static<typeof RightsComplaintBody>;

/** PATCH: the claimant supplements an incomplete notice (any subset); it goes back to staff. */
export const RightsComplaintPatch = Type.Partial(Type.Omit(RightsComplaintBody, ['docs']), { additionalProperties: false });
export type RightsComplaintPatch = Static<typeof RightsComplaintPatch>;

export const CounterNoticeBody = Type.Object(
  {
    ...identityFields,
    statement: Text({ minLength: 10, maxLength: 2000, description: '不侵权的理由和初步证明', ...messages('请说明不侵权的理由（10-2000 字）', '请说明不侵权的理由') }),
    proofs: Type.Array(Picture, { minItems: 1, maxItems: 9, ...messages('请上传 1-9 张证明图片', '请上传证明材料') }),
  },
  { additionalProperties: false },
);
export type CounterNoticeBody = Static<typeof CounterNoticeBody>;

export const LawsuitBody = Type.Object(
  {
    note: Text({ minLength: 5, maxLength: 1000, description: '投诉或起诉的机关、案号等', ...messages('请说明投诉或起诉情况（5-1000 字）', '请说明投诉或起诉情况') }),
    proofs: Type.Optional(Pictures(9)),
  },
  { additionalProperties: false },
);
export type LawsuitBody = Static<typeof LawsuitBody>;

export const ComplaintStep = Type.Object({
  kind: Type.String({ description: 'submitted supplemented info_requested taken_down forwarded counter_noticed claimant_told lawsuit restored rejected' }),
  kind_text: Type.String(),
  actor: StringEnum(['claimant', 'uploader', 'staff', 'system'] as const),
  note: Type.String(),
  create_time: DateTime,
});
export type ComplaintStep = Static<typeof ComplaintStep>;

export const CounterNotice = Type.Object({
  real_name: Type.String(),
  id_type: Type.String(),
  id_number: Type.String({ description: '已打码' }),
  phone: Type.String(),
  email: Type.String(),
  statement: Type.String(),
  proofs: Type.Array(Type.String()),
  create_time: DateTime,
});
export type CounterNotice = Static<typeof CounterNotice>;

/**
 * A complaint as one party sees it. `role` says who asks: the claimant and staff see the claimant's contact;
 * the uploader sees the notice (name, work, description, proofs) with phone and e-mail left empty.
 */
export const RightsComplaint = Type.Object({
  id: Type.Integer(),
  role: StringEnum(['claimant', 'uploader', 'staff'] as const),
  docs: Type.Object({ id: Type.Integer(), title: Type.String(), status: Type.Integer() }),
  claimant: UserRef,
  uploader: Type.Union([UserRef, Type.Null()]),
  real_name: Type.String(),
  id_type: Type.String(),
  id_number: Type.String({ description: '已打码（前 3 位和后 4 位）' }),
  phone: Type.String(),
  email: Type.String(),
  work: Type.String(),
  urls: Type.String(),
  description: Type.String(),
  proofs: Type.Array(Type.String()),
  state: StringEnum(COMPLAINT_STATES),
  state_text: Type.String(),
  counter: Type.Union([CounterNotice, Type.Null()]),
  restore_due: Nullable(DateTime),
  refundable_orders: Type.Integer({ description: '下架时可退款的已付订单数' }),
  steps: Type.Array(ComplaintStep),
  create_time: DateTime,
  update_time: DateTime,
});
export type RightsComplaint = Static<typeof RightsComplaint>;
export const RightsComplaintPage = PageSchema(RightsComplaint);
export type RightsComplaintPage = Static<typeof RightsComplaintPage>;
export const MyComplaintQuery = Type.Object({
  ...PageQuery,
  role: Type.Optional(StringEnum(['claimant', 'uploader'] as const, { description: '只看我提交的或针对我文档的；默认都要' })),
});
export type MyComplaintQuery = Static<typeof MyComplaintQuery>;
export const StaffComplaintQuery = Type.Object({ ...PageQuery, state: Type.Optional(StringEnum(COMPLAINT_STATES, { description: '默认全部' })) });
export type StaffComplaintQuery = Static<typeof StaffComplaintQuery>;

export const TrustContact = Type.Object({ email: Type.String({ description: '接收侵权通知的邮箱' }), restore_days: Type.Integer() });
export type TrustContact = Static<typeof TrustContact>;

// ---------------------------------------------------------------- expert certification

export const APPLICATION_STATES = ['pending', 'approved', 'rejected'] as const;
export const AuthApplyBody = Type.Object(
  {
    field: Text({ minLength: 2, maxLength: 50, ...messages('请填写专业领域（2-50 字）', '请填写专业领域') }),
    real_name: identityFields.real_name,
    credentials: Text({ minLength: 10, maxLength: 2000, ...messages('请填写资历说明（10-2000 字）', '请填写资历说明') }),
    pictures: Type.Array(Picture, { maxItems: 9, ...messages('最多 9 张图片') }),
  },
  { additionalProperties: false },
);
export type AuthApplyBody = Static<typeof AuthApplyBody>;
export const ExpertApplication = Type.Object({
  id: Type.Integer(),
  user: Type.Object({ uid: Type.Integer(), nickname: Type.String(), level: Type.Integer() }),
  field: Type.String(),
  real_name: Type.String(),
  credentials: Type.String(),
  pictures: Type.Array(Type.String()),
  state: StringEnum(APPLICATION_STATES),
  state_text: Type.String(),
  reason: Type.String(),
  create_time: DateTime,
  update_time: DateTime,
});
export type ExpertApplication = Static<typeof ExpertApplication>;
export const ExpertApplicationPage = PageSchema(ExpertApplication);
export type ExpertApplicationPage = Static<typeof ExpertApplicationPage>;
export const MyApplicationQuery = Type.Object({ ...PageQuery });
export type MyApplicationQuery = Static<typeof MyApplicationQuery>;
export const StaffApplicationQuery = Type.Object({ ...PageQuery, state: Type.Optional(StringEnum(APPLICATION_STATES, { description: '默认 pending' })) });
export type StaffApplicationQuery = Static<typeof StaffApplicationQuery>;

// ---------------------------------------------------------------- penalties and user lookup

export const PENALTY_KINDS = ['no_comment', 'no_upload', 'no_download', 'disabled'] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];
export const PenaltyBody = Type.Object(
  {
    uid: Type.Integer({ minimum: 1, ...messages('用户编号无效', '请选择用户') }),
    kind: StringEnum(PENALTY_KINDS, { ...messages('处罚类型无效', '请选择处罚类型') }),
    reason: TrustReasonBody.properties.reason,
    end_time: Type.Optional(Nullable(Type.String({ format: 'date-time', ...messages('结束时间格式不正确') }))),
  },
  { additionalProperties: false },
);
export type PenaltyBody = Static<typeof PenaltyBody>;
export const Penalty = Type.Object({
  id: Type.Integer(),
  uid: Type.Integer(),
  kind: StringEnum(PENALTY_KINDS),
  kind_text: Type.String(),
  reason: Type.String(),
  end_time: Nullable(DateTime),
  lifted_time: Nullable(DateTime),
  active: Type.Boolean(),
  create_time: DateTime,
});
export type Penalty = Static<typeof Penalty>;
export const StaffUser = Type.Object({
  uid: Type.Integer(),
  nickname: Type.String(),
  mobile: Type.String({ description: '打码的手机号' }),
  level: Type.Integer(),
  is_active: Type.Integer(),
  inactive_reason: Nullable(Type.String()),
  roles: Type.Array(Type.String()),
  penalties: Type.Array(Penalty, { description: '生效中的处罚' }),
  create_time: DateTime,
});
export type StaffUser = Static<typeof StaffUser>;
export const StaffUserPage = PageSchema(StaffUser);
export type StaffUserPage = Static<typeof StaffUserPage>;
export const StaffUserQuery = Type.Object({ ...PageQuery, q: Text({ minLength: 1, maxLength: 50, description: '手机号、uid 或昵称', ...messages('请输入手机号、uid 或昵称', '请输入手机号、uid 或昵称') }) });
export type StaffUserQuery = Static<typeof StaffUserQuery>;

export const trustEndpoints = defineEndpoints({
  'GET /api/trust-contact/': { response: { 200: TrustContact } },
  'GET /api/staff/audit/': { querystring: AuditQuery, response: { 200: AuditPage } },
  'GET /api/staff/reports/': { querystring: StaffReportQuery, response: { 200: StaffReportPage } },
  'POST /api/staff/reports/{id}/resolve/': { params: TrustIdParams, body: ReportResolveBody, response: { 200: StaffReport } },
  'GET /api/staff/comments/': { querystring: StaffCommentQuery, response: { 200: StaffCommentPage } },
  'POST /api/staff/comments/{id}/hide/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: StaffComment } },
  'POST /api/staff/comments/{id}/show/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: StaffComment } },
  'POST /api/rights-complaints/': { body: RightsComplaintBody, response: { 201: RightsComplaint } },
  'GET /api/rights-complaints/': { querystring: MyComplaintQuery, response: { 200: RightsComplaintPage } },
  'GET /api/rights-complaints/{id}/': { params: TrustIdParams, response: { 200: RightsComplaint } },
  'PATCH /api/rights-complaints/{id}/': { params: TrustIdParams, body: RightsComplaintPatch, response: { 200: RightsComplaint } },
  'POST /api/rights-complaints/{id}/counter/': { params: TrustIdParams, body: CounterNoticeBody, response: { 200: RightsComplaint } },
  'POST /api/rights-complaints/{id}/lawsuit/': { params: TrustIdParams, body: LawsuitBody, response: { 200: RightsComplaint } },
  'GET /api/staff/rights-complaints/': { querystring: StaffComplaintQuery, response: { 200: RightsComplaintPage } },
  'GET /api/staff/rights-complaints/{id}/': { params: TrustIdParams, response: { 200: RightsComplaint } },
  'POST /api/staff/rights-complaints/{id}/take-down/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: RightsComplaint } },
  'POST /api/staff/rights-complaints/{id}/request-info/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: RightsComplaint } },
  'POST /api/staff/rights-complaints/{id}/reject/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: RightsComplaint } },
  'POST /api/auth-apply/': { body: AuthApplyBody, response: { 201: ExpertApplication } },
  'GET /api/auth-apply/': { querystring: MyApplicationQuery, response: { 200: ExpertApplicationPage } },
  'GET /api/staff/auth-apply/': { querystring: StaffApplicationQuery, response: { 200: ExpertApplicationPage } },
  'POST /api/staff/auth-apply/{id}/approve/': { params: TrustIdParams, response: { 200: ExpertApplication } },
  'POST /api/staff/auth-apply/{id}/reject/': { params: TrustIdParams, body: TrustReasonBody, response: { 200: ExpertApplication } },
  'POST /api/staff/penalties/': { body: PenaltyBody, response: { 201: Penalty } },
  'DELETE /api/staff/penalties/{id}/': { params: TrustIdParams, response: { 200: Penalty } },
  'GET /api/staff/users/': { querystring: StaffUserQuery, response: { 200: StaffUserPage } },
});
