import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import type { Highlight } from './engine';

/**
 * Code highlighting: highlight.js's core with the languages Chinese technical posts use most (its aliases too:
 * js, ts, py, sh, html, c, c++ …). Another language is shown as plain code. Its own chunk: a page loads it only
 * for a text with a fenced code block that names a language.
 */
const LANGUAGES = { bash, cpp, css, go, java, javascript, json, python, sql, typescript, xml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

export const highlight: Highlight = (code, language) =>
  hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null;
