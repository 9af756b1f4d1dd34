import { clearUser, http, isNotLoggedIn, matchRoute, navigate, routePath, toastError, toastSuccess, errorMessageOf } from 'shared-kernel';

/**
 * Logs out: POST /api/logout/ through the kernel's client, then the kernel forgets the user. A page that needs
 * login is left for the home page first, so the guard does not send the person to the login page. A session the
 * server had already ended counts as logged out. Resolves false when the request failed (the user stays).
 */
export async function logout(): Promise<boolean> {
  try {
    await http.post('/logout/', {}, { background: true });
  } catch (error) {
    if (!isNotLoggedIn(error)) {
      toastError(errorMessageOf(error));
      return false;
    }
  }
  if (matchRoute(location.pathname)?.route.needLog) navigate(routePath('home'), { replace: true });
  clearUser();
  toastSuccess('已退出登录');
  return true;
}
