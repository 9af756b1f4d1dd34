import { escapeHtml, highlighter } from '../src/modules/content/search/highlight';

// The highlighted titles and summaries of search hits (src/modules/content/search/highlight.ts): safe HTML with
// each term in <em>. The API tests (content-catalog.test.ts) check the same through a search.

test('every occurrence of every term, case-insensitive, the text around escaped', () => {
  const html = highlighter(['明月', 'moon']);
  expect(html('明月几时有，把酒问青天。明月')).toBe('<em>明月</em>几时有，把酒问青天。<em>明月</em>');
  expect(html('The MOON & <the> "Moon"')).toBe('The <em>MOON</em> &amp; &lt;the&gt; &quot;<em>Moon</em>&quot;');
  expect(html('没有')).toBe('没有');
  expect(html('')).toBe('');
});

test('where terms start at one place the longer one is marked; a match is not marked again inside the last one', () => {
  expect(highlighter(['明', '明月', '月光'])('明月光明')).toBe('<em>明月</em>光<em>明</em>');
  expect(highlighter(['aa'])('aaaaa')).toBe('<em>aa</em><em>aa</em>a');
  expect(highlighter(['ab', 'bc'])('abcbc')).toBe('<em>ab</em>c<em>bc</em>');
});

test('a term is never found inside an entity, and markup in the text stays text', () => {
  expect(highlighter(['amp', 'lt'])('a & b < c')).toBe('a &amp; b &lt; c');
  expect(highlighter(['<em>'])('x<em>y')).toBe('x<em>&lt;em&gt;</em>y');
  expect(highlighter(["'"])("it's")).toBe('it<em>&#39;</em>s');
});

test('no terms: the text escaped only; blank and repeated terms count once', () => {
  expect(highlighter([])('<b>')).toBe('&lt;b&gt;');
  expect(highlighter(['', '月', '月'])('月月')).toBe('<em>月</em><em>月</em>');
  expect(escapeHtml('plain')).toBe('plain');
});

test('a text whose lower case changes its length is matched in its own case only', () => {
  // 'İ' lower-cases to two code units: only exact-case matches are safe then
  expect(highlighter(['abc'])('İ abc ABC')).toBe('İ <em>abc</em> ABC');
});
