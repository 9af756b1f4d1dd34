// mf-auth's `./dialogs` expose: the dialog layer any app's events reach (login, captcha, activation, disclaimer).
// The shell loads it on the first 'auth:login-required' or 'captcha:required' and calls mountDialogs().
export { mountDialogs, unmountDialogs, type DialogsHandle, type InitialDialogs } from './dialogs/mount';
