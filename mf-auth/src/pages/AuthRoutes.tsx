import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { getRoute } from 'shared-kernel';
import { BindMobilePage } from './BindMobilePage';
import { LoginPage } from './LoginPage';

const path = (name: string) => getRoute(name).path;

/** mf-auth's routes (the kernel's route table assigns them): the four login screens and the two binding pages. */
export function AuthRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={path('user.login.mobile')} element={<LoginPage form={null} />} />
        <Route path={path('user.login.code')} element={<LoginPage form="login_code" />} />
        <Route path={path('user.reg.mobile')} element={<LoginPage form="reg" />} />
        <Route path={path('user.findpwd.mobile')} element={<LoginPage form="findpwd_mobile" />} />
        <Route path={path('user.welcome.accountBind')} element={<BindMobilePage routeName="user.welcome.accountBind" />} />
        <Route path={path('user.setting.account.bindMobile')} element={<BindMobilePage routeName="user.setting.account.bindMobile" />} />
      </Routes>
    </BrowserRouter>
  );
}
