import { fireEvent, render, screen } from '@testing-library/react';
import { DialogHost } from '../src/dialogs/DialogHost';
import { AuthPanel } from '../src/forms/AuthPanel';
import { apiError, loginAnswer, startAuthApi, type AuthApi } from './support/auth-api';
import { field, resetPage, waitForCall } from './support/dom';

// The reg form's optional invite code (SPEC §5: 5 digits, '邀请码不正确'), checked with GET /api/invite-code-valid/{code}/.
let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));

function renderReg() {
  render(
    <>
      <AuthPanel form="reg" surface="inline" onSwitch={jest.fn()} />
      <DialogHost />
    </>,
  );
}

function fill(invite: string) {
  fireEvent.change(field('手机号'), { target: { value: '13812345678' } });
  fireEvent.change(field('验证码'), { target: { value: '123456' } });
  fireEvent.change(screen.getByPlaceholderText('设置密码（至少8位，含数字和字母）'), { target: { value: 'NewPass99' } });
  fireEvent.change(screen.getByPlaceholderText('邀请码（选填，5 位数字）'), { target: { value: invite } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: '注册' }));

test('a known code shows its inviter and is sent with the registration', async () => {
  api.on('GET /invite-code-valid/12345/', { body: { valid: true, inviter: '小***' } });
  api.on('POST /users/', { status: 201, body: loginAnswer({ uid: 99, is_new: true }) });
  renderReg();
  fill('12a345');
  expect((screen.getByPlaceholderText('邀请码（选填，5 位数字）') as HTMLInputElement).value).toBe('12345');
  expect(await screen.findByText('邀请人：小***')).toBeTruthy();
  submit();
  expect((await waitForCall(api, 'POST /users/')).body.invite_code).toBe('12345');
});

test("a wrong code: '邀请码不正确' from the API, and too short a code from the form; no registration", async () => {
  api.on('GET /invite-code-valid/54321/', apiError(400, 'invite_code_invalid', '邀请码不正确'));
  renderReg();
  fill('54321');
  expect(await screen.findByText('邀请码不正确')).toBeTruthy();
  fireEvent.change(screen.getByPlaceholderText('邀请码（选填，5 位数字）'), { target: { value: '543' } });
  submit();
  expect(await screen.findByText('邀请码不正确')).toBeTruthy();
  expect(api.calls('POST /users/')).toHaveLength(0);
});

test('no code: registration goes without invite_code', async () => {
  api.on('POST /users/', { status: 201, body: loginAnswer({ uid: 98, is_new: true }) });
  renderReg();
  fill('');
  submit();
  expect((await waitForCall(api, 'POST /users/')).body).not.toHaveProperty('invite_code');
});

test('a shared link carries the code (?invite=)', async () => {
  window.history.pushState(null, '', '/app/user/reg/mobile?invite=67890');
  api.on('GET /invite-code-valid/67890/', { body: { valid: true, inviter: '王*' } });
  renderReg();
  expect((screen.getByPlaceholderText('邀请码（选填，5 位数字）') as HTMLInputElement).value).toBe('67890');
  expect(await screen.findByText('邀请人：王*')).toBeTruthy();
});
