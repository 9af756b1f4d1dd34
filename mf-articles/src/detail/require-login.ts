import { isLoggedIn, isNotLoggedIn, on, openLogin, user$ } from 'shared-kernel';

// The one action waiting for a login (a newer one replaces it): it runs once the user is logged in.
let pending: { run: () => void; stop: () => void } | null = null;

/** Forgets the action waiting for a login (a page that goes away calls this). */
export function cancelPendingLogin(): void {
  pending?.stop();
  pending = null;
}

/** Asks for login through the kernel (mf-auth's dialog) and runs `action` after the user has logged in. */
export function loginThen(action: () => void, title = '登录后继续', ask = true): void {
  cancelPendingLogin();
  const stop = on('user:changed', ({ user }) => {
    if (!isLoggedIn(user)) return;
    const waiting = pending;
    cancelPendingLogin();
    waiting?.run();
  });
  pending = { run: action, stop };
  if (ask) openLogin({ title });
}

/** Runs a login-only action now, or after login; a session that expired meanwhile (403 未登录) asks again. */
export function withLogin(action: () => unknown | Promise<unknown>, title?: string): void {
  if (!isLoggedIn(user$.value)) {
    loginThen(() => withLogin(action, title), title);
    return;
  }
  Promise.resolve()
    .then(action)
    .catch((error: unknown) => {
      // the kernel already said '您还未登录或登录已失效', cleared the user and asked for login: wait for it
      if (isNotLoggedIn(error)) loginThen(() => withLogin(action, title), title, false);
    });
}
