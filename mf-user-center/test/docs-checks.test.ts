import { checkPicked, titleFromName, yuanToFen } from '../src/docs/checks';
import { setting } from './support/docs';

// The page's own checks, before a byte is sent: the same limits and messages as the server's.
const f = (name: string, size = 1) => new File(['x'.repeat(size)], name);

test('today counts the files sent since the limits loaded; the batch counts only the waiting ones', () => {
  const s = setting({ left_today: 5, max_batch: 3 }) as Parameters<typeof checkPicked>[1];
  expect(checkPicked([f('a.pdf'), f('b.pdf')], s, 1, 3)).toEqual({ accepted: [expect.any(File)], refusals: ['今日还可上传 1 个文件'] });
  expect(checkPicked([f('a.pdf'), f('b.pdf'), f('c.pdf')], s, 1, 0).refusals).toEqual(['每次最多上传 3 个文件']);
  expect(checkPicked([f('a.pdf')], s, 0, 5).refusals).toEqual(['今日上传数量已达上限']);
  expect(checkPicked([f('a.pdf')], { ...s, left_today: null }, 0, 99).accepted).toHaveLength(1);
});

test('the upper case extension counts; one byte over the limit is refused, the limit itself is not', () => {
  const s = setting({ max_size: 4, image_max_size: 2 }) as Parameters<typeof checkPicked>[1];
  expect(checkPicked([f('A.PDF', 4), f('b.pdf', 5), f('c.JPG', 2), f('d.png', 3)], s, 0).refusals).toEqual(['b.pdf：文件大小不能超过4B', 'd.png：文件大小不能超过2B']);
});

test('titles from names and prices in fen', () => {
  expect(titleFromName('唐诗三百首.精选.docx')).toBe('唐诗三百首.精选');
  expect(titleFromName('README')).toBe('README');
  expect(titleFromName(`${'长'.repeat(250)}.pdf`)).toHaveLength(200);
  expect(['0.01', '12.5', '12.50', '500', ' 3 '].map(yuanToFen)).toEqual([1, 1250, 1250, 50000, 300]);
  expect(['', '1.234', '-1', '1e3', 'abc', '.5'].map(yuanToFen)).toEqual([null, null, null, null, null, null]);
});
