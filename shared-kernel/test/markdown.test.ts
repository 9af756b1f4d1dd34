import { needsHighlighter, renderMarkdown, renderMarkdownNow, withoutTitle } from '../src/markdown/markdown';

/** The rendered HTML as a DOM, to ask what survived. */
async function dom(source: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  host.innerHTML = await renderMarkdown(source);
  return host;
}

describe('the one Markdown renderer', () => {
  test('GFM: tables with alignment, task lists, strikethrough, autolinks', async () => {
    const host = await dom('| 名称 | 数量 |\n|:---|---:|\n| 苹果 | 3 |\n\n- [x] 完成\n- [ ] 未完成\n\n~~删除~~ 访问 https://example.com/a?b=1 吧');
    const cells = [...host.querySelectorAll('table td')].map((td) => [td.textContent, td.getAttribute('align')]);
    expect(cells).toEqual([['苹果', 'left'], ['3', 'right']]);
    expect([...host.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['名称', '数量']);
    const boxes = [...host.querySelectorAll('li input')] as HTMLInputElement[];
    expect(boxes.map((b) => [b.type, b.checked, b.disabled])).toEqual([['checkbox', true, true], ['checkbox', false, true]]);
    expect(host.querySelector('del')?.textContent).toBe('删除');
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  test('fenced code with a language is highlighted; an unknown language stays plain and escaped', async () => {
    expect(needsHighlighter('```ts\nconst a = 1;\n```')).toBe(true);
    expect(needsHighlighter('正文 ``` 行内')).toBe(false);
    const host = await dom('```ts\nconst a: number = 1; // 注释\n```\n\n```brainfuck\n<b>+-</b>\n```');
    const [ts, other] = [...host.querySelectorAll('pre code')];
    expect(ts.className).toBe('hljs language-ts');
    expect(ts.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(ts.querySelector('.hljs-comment')?.textContent).toBe('// 注释');
    expect(other.textContent).toBe('<b>+-</b>');
    expect(other.querySelector('b')).toBeNull();
    // once loaded, the page renders at once (no empty frame)
    expect(renderMarkdownNow('```js\nlet x\n```')).toContain('hljs-keyword');
  });

  test('every XSS vector of the review: no script, handler, frame or unsafe address survives', async () => {
    const vectors = [
      '<script>window.__x = 1</script>',
      '<img src="x" onerror="window.__x = 2">',
      '[点我](javascript:window.__x=3)',
      '[大写](JaVaScRiPt:alert(1))',
      '<svg onload="window.__x = 4"><circle /></svg>',
      '<iframe src="https://evil.example/"></iframe>',
      '[数据](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)',
      '![图](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '<a href="javascript:alert(6)">a</a>',
      '<p style="position:fixed" onclick="alert(7)">x</p>',
      '<form action="https://evil.example"><input type="text" name="q"><button>提交</button></form>',
      '<object data="x.swf"></object><embed src="x.swf"><math><mi xlink:href="javascript:alert(8)">m</mi></math>',
      '[相对](//evil.example/x)',
    ];
    const html = await renderMarkdown(vectors.join('\n\n'));
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelectorAll('script, iframe, svg, object, embed, form, math, style, button').length).toBe(0);
    expect([...host.querySelectorAll('input')].every((i) => i.getAttribute('type') === 'checkbox')).toBe(true);
    expect(host.querySelectorAll('input').length).toBe(0);
    for (const el of host.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on|^style$|^xlink/i);
      for (const url of [el.getAttribute('href'), el.getAttribute('src')].filter(Boolean)) expect(url).not.toMatch(/^\s*(javascript|data|vbscript):|^\/\//i);
    }
    expect(html).not.toMatch(/javascript:|onerror|onload|<script/i);
    expect((window as { __x?: number }).__x).toBeUndefined();
  });

  test('safe links and pictures stay: https, site paths, relative; pictures load lazily', async () => {
    const host = await dom('[站内](/articles/blogs/detail/1/) [锚点](#a) ![图](/api/img-storage/7/) [邮件](mailto:a@b.cn)');
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/articles/blogs/detail/1/', '#a', 'mailto:a@b.cn']);
    expect(host.querySelector('img')?.getAttribute('src')).toBe('/api/img-storage/7/');
    expect(host.querySelector('img')?.getAttribute('loading')).toBe('lazy');
  });

  test('withoutTitle drops a first heading that repeats the title only', () => {
    expect(withoutTitle('# 标题\n\n正文', '标题')).toBe('正文');
    expect(withoutTitle('# 别的\n\n正文', '标题')).toBe('# 别的\n\n正文');
  });
});
