/** Styles of what the Markdown engine outputs beyond plain text (tables, task lists, highlighted code). */
export const MARKDOWN_CSS = `
.md-body table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto;margin:1em 0;font-size:.95em}
.md-body th,.md-body td{border:1px solid #d9dde3;padding:6px 12px;text-align:left}
.md-body th{background:#f5f7fa;font-weight:600}
.md-body tr:nth-child(2n) td{background:#fafbfc}
.md-body li:has(>input[type=checkbox]){list-style:none;margin-left:-1.3em}
.md-body input[type=checkbox]{margin:0 .4em 0 0;vertical-align:-2px}
.md-body del,.md-body s{color:#8a919f}
.md-body pre code.hljs{display:block;background:none;color:#e6e6e6;padding:0}
.md-body .hljs-keyword,.md-body .hljs-selector-tag,.md-body .hljs-built_in,.md-body .hljs-type{color:#ff9ac1}
.md-body .hljs-string,.md-body .hljs-attr,.md-body .hljs-template-tag{color:#a6e3a1}
.md-body .hljs-number,.md-body .hljs-literal,.md-body .hljs-symbol{color:#f9c97c}
.md-body .hljs-comment,.md-body .hljs-quote{color:#9aa4b2;font-style:italic}
.md-body .hljs-title,.md-body .hljs-section,.md-body .hljs-function .hljs-title{color:#8cc8ff}
.md-body .hljs-variable,.md-body .hljs-params,.md-body .hljs-property{color:#f0d3a8}
.md-body .hljs-meta,.md-body .hljs-tag,.md-body .hljs-name{color:#7fd6e6}
.md-body .hljs-deletion{color:#ffb3b3}.md-body .hljs-addition{color:#b5f0b5}
`;
