import { isStaff, routePath, userInfoPath, type UserInfo } from 'shared-kernel';

/** The entry points every visitor sees in the navbar. */
export function siteLinks(): { label: string; to: string }[] {
  return [
    { label: '分类', to: routePath('articles.cate.list') },
    { label: '上传文档', to: routePath('user.docs.upload') },
    { label: '写文章', to: routePath('user.blogs.write') },
  ];
}

/** The logged-in user's menu (before 退出登录); staff also get the console (mf-admin), nobody else sees it. */
export function userLinks(user?: UserInfo | null): { label: string; to: string }[] {
  const links = [
    { label: '个人信息', to: userInfoPath(0) },
    { label: '我的文档', to: routePath('user.docs.list') },
    { label: '我的写作', to: routePath('user.blogs.list') },
    { label: '我的收藏', to: routePath('user.collect.list') },
    { label: '我的金币', to: routePath('user.coin.list') },
    { label: '我的订单', to: routePath('user.pay.orderHistory') },
    { label: '账号设置', to: routePath('user.settingItems') },
  ];
  return isStaff(user) ? [...links, { label: '管理后台', to: routePath('admin.home') }] : links;
}
