import { fireEvent, render, screen, within } from '@testing-library/react';
import { DialogHost } from '../src/dialogs/DialogHost';
import { AuthPanel } from '../src/forms/AuthPanel';
import { startAuthApi, type AuthApi } from './support/auth-api';
import { field, resetPage, waitForCall } from './support/dom';

let api: AuthApi;
beforeAll(async () => {
  api = await startAuthApi();
});
afterAll(() => api.close());
beforeEach(() => resetPage(api));

function renderForm() {
  render(
    <>
      <AuthPanel form="login_code" surface="inline" onSwitch={jest.fn()} />
      <DialogHost />
    </>,
  );
}

const pickerButton = () => screen.getByRole('button', { name: /国家或地区区号/ });

describe('country-code picker', () => {
  test('defaults to 86', () => {
    renderForm();
    expect(pickerButton().textContent).toContain('+86');
  });

  test('lists regions grouped by initial letter, common ones first, with the examples of SPEC §2', () => {
    renderForm();
    fireEvent.click(pickerButton());
    const panel = screen.getByRole('dialog', { name: '选择国家或地区' });
    const groups = within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groups[0]).toBe('常用');
    const letters = groups.slice(1);
    expect(letters).toEqual([...letters].sort());
    expect(letters.every((l) => /^[A-Z]$/.test(l ?? ''))).toBe(true);
    const text = panel.textContent ?? '';
    for (const code of ['886', '853', '852', '1', '44', '81', '82', '65']) expect(text).toContain(`+${code}`);
    // Japan sits under R (Riben), the UK under Y (Yingguo)
    const r = within(panel).getByRole('region', { name: 'R' });
    expect(r.textContent).toContain('日本');
    expect(within(panel).getByRole('region', { name: 'Y' }).textContent).toContain('英国');
  });

  test('searching by code or name narrows the list; an unknown one says so', () => {
    renderForm();
    fireEvent.click(pickerButton());
    const search = screen.getByRole('searchbox', { name: '搜索国家、地区或区号' });
    fireEvent.change(search, { target: { value: '852' } });
    const panel = screen.getByRole('dialog', { name: '选择国家或地区' });
    expect(within(panel).getAllByRole('button', { name: /\+852/ })).toHaveLength(1);
    expect(panel.textContent).not.toContain('日本');
    fireEvent.change(search, { target: { value: '火星' } });
    expect(panel.textContent).toContain('没有找到匹配的国家或地区');
  });

  test('picking a region closes the list, focuses the button and sends its code', async () => {
    api.on('POST /codes/', { body: { detail: '验证码已发送', resend_after: 60, expire_in: 300 } });
    renderForm();
    fireEvent.click(pickerButton());
    fireEvent.click(screen.getAllByRole('button', { name: /中国香港/ })[0]);
    expect(screen.queryByRole('dialog', { name: '选择国家或地区' })).toBeNull();
    expect(pickerButton().textContent).toContain('+852');
    expect(document.activeElement).toBe(pickerButton());
    fireEvent.change(field('手机号'), { target: { value: '91234567' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await waitForCall(api, 'POST /codes/')).body).toMatchObject({ country_code: '852', mobile: '91234567' });
  });

  test('Escape closes the list', () => {
    renderForm();
    fireEvent.click(pickerButton());
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '选择国家或地区' })).toBeNull();
  });
});
