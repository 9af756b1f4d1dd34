// What the kernel gives every app's tests (`shared-kernel/testing`): never imported by app code.
export * from './fake-api';
export * from './remote-app-suite';
export * from './remote-page';
