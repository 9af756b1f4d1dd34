import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoints } from './endpoint';
import { ORDER_STATES, ORDER_TYPES, PAY_CHANNELS, PAY_METHODS } from './enums';
import { messages, Ordering, PageQuery, PageSchema, StringEnum, Text } from './schema';

/** The payment endpoints of SPEC §7 "Payment": packages, orders (logged in and guest), status queries, guest downloads. */

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** A download package (price_policies): staff-edited data; docs/payments.md lists the demo's. */
export const PricePolicy = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** fen */
  price: Type.Integer({ description: '价格（分）' }),
  original_price: Nullable(Type.Integer({ description: '划线原价（分）' })),
  downloads: Type.Integer({ description: '包含的付费文档下载次数' }),
  valid_days: Type.Integer({ description: '购买后有效天数' }),
  max_doc_price: Nullable(Type.Integer({ description: '可用套餐下载的文档最高价格（分）；null 为不限' })),
  unit_price: Type.Integer({ description: '折合每次下载的价格（分，四舍五入）' }),
  sequence: Type.Integer(),
  recommended: Type.Boolean(),
});
export type PricePolicy = Static<typeof PricePolicy>;
export const PricePolicyPage = PageSchema(PricePolicy);
export type PricePolicyPage = Static<typeof PricePolicyPage>;

export const PRICE_POLICY_ORDERING = ['sequence', 'price', 'id'] as const;
export const PricePolicyQuery = Type.Object({ ...PageQuery, ordering: Ordering(PRICE_POLICY_ORDERING) });
export type PricePolicyQuery = Static<typeof PricePolicyQuery>;

/** What the client does to pay: show a QR, go to a URL, or hand parameters to the WeChat/app bridge. */
export const PayStart = Type.Object({
  kind: StringEnum(['qr', 'redirect', 'jsapi'] as const),
  code_url: Type.Optional(Type.String({ description: 'kind=qr：二维码内容' })),
  url: Type.Optional(Type.String({ description: 'kind=redirect：跳转地址' })),
  params: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'kind=jsapi：调起支付的参数' })),
});
export type PayStart = Static<typeof PayStart>;

/** Where the page goes once the order is paid. */
export const PayNext = Type.Object({
  route: Type.String({ description: '站内路由，如 articles/docs/detail/12' }),
  query: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type PayNext = Static<typeof PayNext>;

export const Order = Type.Object({
  order_no: Type.String(),
  type: StringEnum(ORDER_TYPES),
  title: Type.String({ description: '购买的内容：套餐名或文档标题' }),
  docs: Nullable(Type.Integer()),
  price_policy: Nullable(Type.Integer()),
  amount: Type.Integer({ description: '金额（分）' }),
  pay_method: StringEnum(PAY_METHODS),
  channel: StringEnum(PAY_CHANNELS),
  state: StringEnum(ORDER_STATES),
  state_label: Type.String(),
  guest: Type.Boolean({ description: '游客订单' }),
  create_time: DateTime,
  expire_time: DateTime,
  paid_time: Nullable(DateTime),
  refunded_time: Nullable(DateTime),
  /** Only while it can still be paid (created/paying), and only in the create answer and to its owner. */
  pay: Nullable(PayStart),
  next: Nullable(PayNext),
});
export type Order = Static<typeof Order>;
export const OrderPage = PageSchema(Order);
export type OrderPage = Static<typeof OrderPage>;

const PayFields = {
  pay_method: StringEnum(PAY_METHODS, messages('请选择支付方式', '请选择支付方式')),
  channel: StringEnum(PAY_CHANNELS, messages('不支持的支付渠道', '请选择支付渠道')),
  openid: Type.Optional(Text({ minLength: 1, maxLength: 128, description: 'JSAPI 支付：付款人的 openid' })),
  return_path: Type.Optional(
    Text({ maxLength: 500, pattern: '^/[^/\\\\]', description: '跳转支付（page/wap/h5）后支付机构送回的站内路径（以 / 开头），会附上 order_no 与 method；默认支付页', ...messages('返回地址无效') }),
  ),
  from_path: Type.Optional(
    Text({ maxLength: 500, pattern: '^/[^/\\\\]', description: '购买从哪个页面开始（以 / 开头）：买套餐付款后回到这里', ...messages('来源地址无效') }),
  ),
};

/** POST /api/order-info/ (logged in): a package, or one paid document. */
export const OrderCreateBody = Type.Object(
  {
    type: StringEnum(ORDER_TYPES, messages('请选择购买内容', '请选择购买内容')),
    price_policy: Type.Optional(Type.Integer({ minimum: 1, ...messages('套餐不存在') })),
    docs: Type.Optional(Type.Integer({ minimum: 1, ...messages('文档不存在') })),
    ...PayFields,
  },
  { additionalProperties: false },
);
export type OrderCreateBody = Static<typeof OrderCreateBody>;

/** POST /api/once-order-info/ (a visitor): one paid document, bound to this device. */
export const OnceOrderCreateBody = Type.Object(
  { docs: Type.Integer({ minimum: 1, ...messages('文档不存在', '请选择文档') }), ...PayFields },
  { additionalProperties: false },
);
export type OnceOrderCreateBody = Static<typeof OnceOrderCreateBody>;

export const OrderListQuery = Type.Object({
  ...PageQuery,
  state: Type.Optional(StringEnum(ORDER_STATES)),
  ordering: Ordering(['create_time', 'amount']),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

/** GET /api/wxpay/query/{kind}/{order_no}/ and /api/alipay/query/{kind}/{order_no}/: kind is order (logged in) or once (guest). */
export const PayQueryParams = Type.Object({
  kind: StringEnum(['order', 'once'] as const, messages('订单类型无效')),
  order_no: Text({ minLength: 6, maxLength: 32, pattern: '^[0-9A-Za-z_-]+$', ...messages('订单号无效') }),
});
export type PayQueryParams = Static<typeof PayQueryParams>;

export const PayQueryAnswer = Type.Object({
  order_no: Type.String(),
  state: StringEnum(ORDER_STATES),
  state_label: Type.String(),
  paid: Type.Boolean(),
  expire_time: DateTime,
  next: Nullable(PayNext),
});
export type PayQueryAnswer = Static<typeof PayQueryAnswer>;

/** POST /api/once-docs-url/: the download of a guest's paid order, on the device that paid. */
export const OnceDocsUrlBody = Type.Object(
  { order_no: Text({ minLength: 6, maxLength: 32, pattern: '^[0-9A-Za-z_-]+$', ...messages('订单号无效', '请提供订单号') }) },
  { additionalProperties: false },
);
export type OnceDocsUrlBody = Static<typeof OnceDocsUrlBody>;

export const OnceDocsUrlAnswer = Type.Object({
  url: Type.String({ description: '短时有效的下载链接（同源路径）' }),
  expire_time: DateTime,
  docs: Type.Integer(),
  title: Type.String(),
  access_until: DateTime,
});
export type OnceDocsUrlAnswer = Static<typeof OnceDocsUrlAnswer>;

/** A package a user bought, with what is left of it. */
export const UserPackage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  downloads: Type.Integer(),
  downloads_left: Type.Integer(),
  max_doc_price: Nullable(Type.Integer()),
  create_time: DateTime,
  expire_time: DateTime,
  active: Type.Boolean(),
});
export type UserPackage = Static<typeof UserPackage>;
export const UserPackagePage = PageSchema(UserPackage);
export type UserPackagePage = Static<typeof UserPackagePage>;

export const UserPackageQuery = Type.Object({ ...PageQuery });
export type UserPackageQuery = Static<typeof UserPackageQuery>;

/** The payment rules (pay_settings, one row): staff (admin, finance) read and change them. docs/payments.md. */
export const PaySettings = Type.Object({
  order_ttl_minutes: Type.Integer({ description: '未支付订单多少分钟后关闭' }),
  guest_access_days: Type.Integer({ description: '游客在付款设备上可重复下载的天数' }),
  redownload_days: Type.Integer({ description: '已购文档免费重复下载的天数' }),
  update_time: DateTime,
});
export type PaySettings = Static<typeof PaySettings>;

/** PATCH /api/staff/settings/pay/: any subset (at least one), within the table's bounds. */
export const PaySettingsPatch = Type.Object(
  {
    order_ttl_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 120, ...messages('订单有效期应为 5 到 120 分钟') })),
    guest_access_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, ...messages('游客下载有效期应为 1 到 365 天') })),
    redownload_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, ...messages('重复下载有效期应为 1 到 3650 天') })),
  },
  { additionalProperties: false },
);
export type PaySettingsPatch = Static<typeof PaySettingsPatch>;

/** A package as staff see it: on sale or not, and when it last changed. */
export const StaffPricePolicy = Type.Composite([PricePolicy, Type.Object({ active: Type.Boolean(), create_time: DateTime, update_time: DateTime })]);
export type StaffPricePolicy = Static<typeof StaffPricePolicy>;
export const StaffPricePolicyPage = PageSchema(StaffPricePolicy);
export type StaffPricePolicyPage = Static<typeof StaffPricePolicyPage>;
export const StaffPricePolicyQuery = Type.Object({ ...PageQuery });
export type StaffPricePolicyQuery = Static<typeof StaffPricePolicyQuery>;
export const PricePolicyIdParams = Type.Object({ id: Type.Integer({ minimum: 1, ...messages('套餐不存在') }) });
export type PricePolicyIdParams = Static<typeof PricePolicyIdParams>;

const MAX_FEN = 100_000_000;
const PolicyFields = {
  name: Text({ minLength: 1, maxLength: 50, ...messages('套餐名称应为 1 到 50 个字', '请填写套餐名称') }),
  description: Text({ maxLength: 300, ...messages('套餐说明不能超过 300 个字') }),
  price: Type.Integer({ minimum: 1, maximum: MAX_FEN, ...messages('价格应为 1 分到 100 万元（单位：分）', '请填写价格') }),
  original_price: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_FEN }), Type.Null()], messages('划线价应为正整数（单位：分）或 null')),
  downloads: Type.Integer({ minimum: 1, maximum: 100_000, ...messages('下载次数应为 1 到 100000', '请填写下载次数') }),
  valid_days: Type.Integer({ minimum: 1, maximum: 3650, ...messages('有效天数应为 1 到 3650', '请填写有效天数') }),
  max_doc_price: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_FEN }), Type.Null()], messages('文档价格上限应为正整数（单位：分）或 null（不限）')),
  sequence: Type.Integer({ minimum: -100_000, maximum: 100_000, ...messages('排序应为 -100000 到 100000 的整数') }),
  recommended: Type.Boolean(messages('推荐应为 true 或 false')),
  active: Type.Boolean(messages('上架应为 true 或 false')),
};
const P = PolicyFields;

/** POST /api/staff/price-policy/: a new package (the original price, if any, at least the price). */
export const PricePolicyCreateBody = Type.Object(
  {
    name: P.name,
    price: P.price,
    downloads: P.downloads,
    valid_days: P.valid_days,
    description: Type.Optional(P.description),
    original_price: Type.Optional(P.original_price),
    max_doc_price: Type.Optional(P.max_doc_price),
    sequence: Type.Optional(P.sequence),
    recommended: Type.Optional(P.recommended),
    active: Type.Optional(P.active),
  },
  { additionalProperties: false },
);
export type PricePolicyCreateBody = Static<typeof PricePolicyCreateBody>;

/** PATCH /api/staff/price-policy/{id}/: any subset (at least one) of the same fields. */
export const PricePolicyPatchBody = Type.Partial(PricePolicyCreateBody, { additionalProperties: false });
export type PricePolicyPatchBody = Static<typeof PricePolicyPatchBody>;

export const payEndpoints = defineEndpoints({
  'GET /api/price-policy/': { querystring: PricePolicyQuery, response: { 200: PricePolicyPage } },
  'POST /api/order-info/': { body: OrderCreateBody, response: { 201: Order } },
  'GET /api/order-info/': { querystring: OrderListQuery, response: { 200: OrderPage } },
  'POST /api/once-order-info/': { body: OnceOrderCreateBody, response: { 201: Order } },
  'GET /api/wxpay/query/{kind}/{order_no}/': { params: PayQueryParams, response: { 200: PayQueryAnswer } },
  'GET /api/alipay/query/{kind}/{order_no}/': { params: PayQueryParams, response: { 200: PayQueryAnswer } },
  'POST /api/once-docs-url/': { body: OnceDocsUrlBody, response: { 200: OnceDocsUrlAnswer } },
  'GET /api/user-package/': { querystring: UserPackageQuery, response: { 200: UserPackagePage } },
  'GET /api/staff/settings/pay/': { response: { 200: PaySettings } },
  'PATCH /api/staff/settings/pay/': { body: PaySettingsPatch, response: { 200: PaySettings } },
  'GET /api/staff/price-policy/': { querystring: StaffPricePolicyQuery, response: { 200: StaffPricePolicyPage } },
  'POST /api/staff/price-policy/': { body: PricePolicyCreateBody, response: { 201: StaffPricePolicy } },
  'PATCH /api/staff/price-policy/{id}/': { params: PricePolicyIdParams, body: PricePolicyPatchBody, response: { 200: StaffPricePolicy } },
});
