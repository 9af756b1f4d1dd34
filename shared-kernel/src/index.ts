// The public surface of the shared kernel. Remotes and the shell import only from here.
export * from './routing/route-table';
export * from './routing/match';
export * from './state/theme';
export * from './react/use-observable';
export * from './site/brand';
export * from './app/instance';
export * from './app/deployment';
export * from './app/navigate';
export * from './app/remote-app';
export * from './app/placeholder-routes';
