import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BRAND, KERNEL_INSTANCE_ID, setTheme, theme$ } from 'shared-kernel';
import { Navbar } from '../src/frame/Navbar';
import { NotFound } from '../src/frame/NotFound';

beforeEach(() => {
  setTheme('light');
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function currentUrl(): string {
  return window.location.pathname + window.location.search;
}

describe('Navbar', () => {
  it('renders the brand as a link home inside the main navigation', () => {
    render(<Navbar />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const brand = within(nav).getByRole('link', { name: BRAND });
    expect(BRAND).toBe('知库文档');
    expect(brand.getAttribute('href')).toBe('/');
    expect(nav.getAttribute('data-kernel-instance')).toBe(KERNEL_INSTANCE_ID);
  });

  it.each([
    ['分类', '/app/articles/cate/list'],
    ['上传文档', '/app/user/docs/upload'],
    ['写文章', '/app/user/blogs/write'],
    ['登录', '/app/user/login/code'],
    ['注册', '/app/user/reg/mobile'],
  ])('links %s to %s and navigates there through history without a reload', (name, href) => {
    render(<Navbar />);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe(href);
    const before = window.history.length;
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(currentUrl()).toBe(href);
    expect(window.history.length).toBe(before + 1);
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    render(<Navbar />);
    const link = screen.getByRole('link', { name: '分类' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(currentUrl()).toBe('/');
  });

  it('submitting the search form navigates to the search results with the keyword', () => {
    render(<Navbar />);
    const form = screen.getByRole('search');
    const input = within(form).getByRole('searchbox', { name: '搜索文档' });
    fireEvent.change(input, { target: { value: '  高等数学 笔记  ' } });
    fireEvent.click(within(form).getByRole('button', { name: '搜索' }));
    expect(window.location.pathname).toBe('/app/articles/search/result');
    expect(new URLSearchParams(window.location.search).get('keyword')).toBe('高等数学 笔记');
    expect(window.location.search).toBe('?keyword=%E9%AB%98%E7%AD%89%E6%95%B0%E5%AD%A6+%E7%AC%94%E8%AE%B0');
  });

  it('an empty search goes to the results page without a keyword', () => {
    render(<Navbar />);
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByRole('searchbox'), { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(currentUrl()).toBe('/app/articles/search/result');
  });

  it('the theme button toggles the kernel theme and its label', () => {
    render(<Navbar />);
    const button = screen.getByTestId('navbar-theme');
    expect(button.textContent).toBe('浅色');
    expect(button.getAttribute('data-theme')).toBe('light');

    fireEvent.click(button);
    expect(theme$.value).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(button.textContent).toBe('深色');
    expect(button.getAttribute('data-theme')).toBe('dark');

    fireEvent.click(button);
    expect(theme$.value).toBe('light');
    expect(button.textContent).toBe('浅色');
  });

  it('follows theme changes made elsewhere (another app through the kernel)', () => {
    render(<Navbar />);
    act(() => setTheme('dark'));
    expect(screen.getByTestId('navbar-theme').textContent).toBe('深色');
  });
});

describe('NotFound', () => {
  it('shows 404 in Chinese and a link home', () => {
    render(<NotFound />);
    const page = screen.getByTestId('not-found');
    expect(within(page).getByRole('heading').textContent).toContain('404');
    expect(page.textContent).toContain('页面不存在');
    const home = within(page).getByRole('link', { name: '返回首页' });
    expect(home.getAttribute('href')).toBe('/');
  });
});
