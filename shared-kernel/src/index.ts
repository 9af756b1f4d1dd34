// The public surface of the shared kernel. Remotes and the shell import only from here.
// Routing and app lifecycle
export * from './routing/route-table';
export * from './routing/match';
export * from './app/instance';
export * from './app/deployment';
export * from './app/navigate';
export * from './app/remote-app';
export * from './app/placeholder-routes';
export * from './navigation/routes';
export * from './navigation/redirect';
// State, events and React bindings
export * from './state/theme';
export * from './state/app-state';
export * from './state/user';
export * from './events/bus';
export * from './react/use-observable';
export * from './react/hooks';
export * from './react/use-load';
export * from './react/infinite-list';
export * from './react/list-footer';
// HTTP and error reporting
export * from './http/client';
export * from './http/headers';
export * from './http/error-message';
export { resolveCaptcha, cancelCaptcha, isCaptchaPending } from './http/captcha';
export * from './errors/report';
// Services and rules
export * from './toast/toast';
export * from './markdown/markdown';
export * from './storage/cookies';
export * from './storage/local-store';
export * from './platform/platform';
export * from './platform/wx-bridge';
export * from './platform/wx-share';
export * from './site/brand';
export * from './site/site-context';
export * from './site/debug';
export * from './validation/rules';
export * from './crypto/password';
export * from './format/format';
export * from './constants/limits';
export * from './constants/upload-types';
export * from './ssr/server-data';
