const { createAppConfig } = require('shared-kernel/build/webpack-app');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mf_auth',
  // ./app: the routes' single-spa lifecycles; ./dialogs: the dialog layer the shell loads on the first
  // 'auth:login-required' or 'captcha:required' event (mountDialogs), so `/` never fetches the forms.
  exposes: { './app': './src/app.tsx', './dialogs': './src/dialogs.ts' },
});
