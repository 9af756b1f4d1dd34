import { setTheme, theme$, toggleTheme, type Theme } from '../src';

type Kernel = typeof import('../src');

/** Loads a fresh copy of the kernel, so theme$ reads local storage again. */
async function freshKernel(): Promise<Kernel> {
  let kernel: Kernel | undefined;
  await jest.isolateModulesAsync(async () => {
    kernel = await import('../src');
  });
  return kernel!;
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('theme', () => {
  it('is light by default', () => {
    // This module was loaded with empty storage.
    expect(theme$.value).toBe('light');
  });

  it('setTheme publishes the theme and persists it under the key "theme"', () => {
    const seen: Theme[] = [];
    const sub = theme$.subscribe((t) => seen.push(t));
    setTheme('dark');
    expect(theme$.value).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    setTheme('light');
    expect(theme$.value).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    sub.unsubscribe();
    expect(seen).toEqual(['light', 'dark', 'light']);
  });

  it('toggleTheme flips between light and dark', () => {
    setTheme('light');
    toggleTheme();
    expect(theme$.value).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    toggleTheme();
    expect(theme$.value).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts dark when storage says dark', async () => {
    localStorage.setItem('theme', 'dark');
    const kernel = await freshKernel();
    expect(kernel.theme$).not.toBe(theme$);
    expect(kernel.theme$.value).toBe('dark');
  });

  it('starts light when storage holds anything else', async () => {
    localStorage.setItem('theme', 'purple');
    expect((await freshKernel()).theme$.value).toBe('light');
    localStorage.setItem('theme', 'light');
    expect((await freshKernel()).theme$.value).toBe('light');
  });

  it('starts light when reading storage throws', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect((await freshKernel()).theme$.value).toBe('light');
  });

  it('still applies the theme when storage throws on write', () => {
    setTheme('light');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => setTheme('dark')).not.toThrow();
    expect(setItem).toHaveBeenCalledWith('theme', 'dark');
    expect(theme$.value).toBe('dark');
    expect(() => toggleTheme()).not.toThrow();
    expect(theme$.value).toBe('light');
  });
});
