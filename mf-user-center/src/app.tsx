import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp, PlaceholderPage, routesOf, type RemoteAppInfo } from 'shared-kernel';
import { ensureStyles } from './styles/inject';
import { Loading } from './ui/Status';

// The pages that have landed, each its own chunk fetched when its route opens; every other route of the remote
// stays the kernel's titled placeholder until its page lands.
const pages: Record<string, ComponentType> = {
  'user.coin.list': lazy(() => import(/* webpackChunkName: "route-user.coin.list" */ './pages/CoinListPage')),
  'user.coin.detail': lazy(() => import(/* webpackChunkName: "route-user.coin.detail" */ './pages/CoinDetailPage')),
  'user.docs.upload': lazy(() => import(/* webpackChunkName: "route-user.docs.upload" */ './pages/docs/UploadPage')),
  'user.docs.list': lazy(() => import(/* webpackChunkName: "route-user.docs.list" */ './pages/docs/DocsListPage')),
  'user.docs.edit': lazy(() => import(/* webpackChunkName: "route-user.docs.edit" */ './pages/docs/DocEditPage')),
  'user.docs.denylist': lazy(() => import(/* webpackChunkName: "route-user.docs.denylist" */ './pages/docs/DenylistPage')),
  'user.docs.convertfail': lazy(() => import(/* webpackChunkName: "route-user.docs.convertfail" */ './pages/docs/ConvertFailPage')),
  'user.docs.search': lazy(() => import(/* webpackChunkName: "route-user.docs.search" */ './pages/docs/DocsSearchPage')),
  'user.info': lazy(() => import(/* webpackChunkName: "route-user.info" */ './pages/me/UserInfoPage')),
  'user.aboutItems': lazy(() => import(/* webpackChunkName: "route-user.aboutItems" */ './pages/me/AboutPage')),
  'site.userAgreement': lazy(() => import(/* webpackChunkName: "route-site.userAgreement" */ './pages/site/SiteDocumentPage').then((m) => ({ default: m.UserAgreementPage }))),
  'site.privacyPolicy': lazy(() => import(/* webpackChunkName: "route-site.privacyPolicy" */ './pages/site/SiteDocumentPage').then((m) => ({ default: m.PrivacyPolicyPage }))),
  'site.sdkList': lazy(() => import(/* webpackChunkName: "route-site.sdkList" */ './pages/site/SdkListPage')),
  'site.newFunctionIntro': lazy(() => import(/* webpackChunkName: "route-site.newFunctionIntro" */ './pages/site/NewFunctionPage')),
  'site.appDown': lazy(() => import(/* webpackChunkName: "route-site.appDown" */ './pages/site/AppDownPage')),
  'site.qrcode': lazy(() => import(/* webpackChunkName: "route-site.qrcode" */ './pages/site/QrcodePage')),
  'site.feedback': lazy(() => import(/* webpackChunkName: "route-site.feedback" */ './pages/site/FeedbackPage')),
  smalltool: lazy(() => import(/* webpackChunkName: "route-smalltool" */ './pages/site/SmallToolPage')),
  'blank.blank': lazy(() => import(/* webpackChunkName: "route-blank.blank" */ './pages/site/BlankPage')),
  'user.inviteCode': lazy(() => import(/* webpackChunkName: "route-user.inviteCode" */ './pages/invite/InviteCodePage')),
  'user.settingItems': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/SettingItemsPage')),
  'user.setting.account.item': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/AccountItemPage')),
  'user.setting.account.mobile': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/MobilePage')),
  'user.setting.account.bindEmail': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/EmailPage').then((m) => ({ default: m.BindEmailPage }))),
  'user.setting.account.setEmail': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/EmailPage').then((m) => ({ default: m.SetEmailPage }))),
  'user.setting.account.changeEmail': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/EmailPage').then((m) => ({ default: m.ChangeEmailPage }))),
  'user.setting.account.unbindEmail': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/EmailPage').then((m) => ({ default: m.UnbindEmailPage }))),
  'user.setting.account.changePwd': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/PasswordPage').then((m) => ({ default: m.ChangePwdPage }))),
  'user.setting.account.pwd': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/PasswordPage').then((m) => ({ default: m.PwdPage }))),
  'user.setting.account.pwdProtection': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/PwdProtectionPage')),
  'user.setting.account.devices': lazy(() => import(/* webpackChunkName: "route-settings" */ './pages/settings/DevicesPage')),
  'user.collect.list': lazy(() => import(/* webpackChunkName: "route-user.collect.list" */ './pages/library/CollectListPage')),
  'user.collect.folder': lazy(() => import(/* webpackChunkName: "route-user.collect.folder" */ './pages/library/CollectFolderPage')),
  'user.history.list': lazy(() => import(/* webpackChunkName: "route-user.history.list" */ './pages/library/HistoryPage')),
  'user.docs.download': lazy(() => import(/* webpackChunkName: "route-user.docs.download" */ './pages/library/DownloadsPage')),
  'user.transfer.list': lazy(() => import(/* webpackChunkName: "route-user.transfer.list" */ './pages/library/TransferPage')),
  'user.blogs.write': lazy(() => import(/* webpackChunkName: "route-user.blogs.write" */ './pages/blogs/WritePage')),
  'user.blogs.edit': lazy(() => import(/* webpackChunkName: "route-user.blogs.write" */ './pages/blogs/WritePage')),
  'user.blogs.list': lazy(() => import(/* webpackChunkName: "route-user.blogs.list" */ './pages/blogs/BlogsListPage')),
  'user.blogs.denylist': lazy(() => import(/* webpackChunkName: "route-user.blogs.denylist" */ './pages/blogs/BlogsDenylistPage')),
  'user.notifications.list': lazy(() => import(/* webpackChunkName: "route-user.notifications.list" */ './pages/notifications/NotificationListPage')),
  'user.notifications.detail': lazy(() => import(/* webpackChunkName: "route-user.notifications.detail" */ './pages/notifications/NotificationDetailPage')),
  'site.report': lazy(() => import(/* webpackChunkName: "route-site.report" */ './pages/trust/ReportPage')),
  'user.myreport.list': lazy(() => import(/* webpackChunkName: "route-user.myreport" */ './pages/trust/MyReportListPage')),
  'user.myreport.detail': lazy(() => import(/* webpackChunkName: "route-user.myreport" */ './pages/trust/MyReportDetailPage')),
  'user.authentication': lazy(() => import(/* webpackChunkName: "route-user.authentication" */ './pages/trust/AuthenticationPage')),
};

function UserCenterApp(info: RemoteAppInfo) {
  ensureStyles();
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          {routesOf(info.remote).map((route) => {
            const Page = pages[route.name];
            return <Route key={route.name} path={route.path} element={Page ? <Page /> : <PlaceholderPage route={route} info={info} />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

// single-spa lifecycles of mf-user-center (the `./app` expose).
export const { bootstrap, mount, unmount } = createRemoteApp({ remote: 'mf-user-center', version: __APP_VERSION__ }, UserCenterApp);
