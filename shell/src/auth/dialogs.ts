import type { RemoteRegistry } from '../federation/registry';

/**
 * mf-auth's `./dialogs` module (the contract in docs/architecture.md): mounting it makes mf-auth listen to
 * 'auth:login-required', 'auth:activation-required' and 'captcha:required' and answer with its dialogs.
 */
export interface AuthDialogsModule {
  mountDialogs(host: HTMLElement): unknown;
}

/** Loads mf-auth's dialogs into a host at the end of the page; false when mf-auth does not expose them. */
export function authDialogsLoader(loadModule: RemoteRegistry['loadModule'] | undefined): () => Promise<boolean> {
  return async () => {
    if (!loadModule) return false;
    try {
      const module = await loadModule<AuthDialogsModule>('mf-auth', 'dialogs');
      if (!module || typeof module.mountDialogs !== 'function') return false;
      const host = document.createElement('div');
      host.id = 'auth-dialogs';
      document.body.appendChild(host);
      module.mountDialogs(host);
      return true;
    } catch (error) {
      console.warn('[shell] 登录对话框模块加载失败，改用登录页', error);
      return false;
    }
  };
}
