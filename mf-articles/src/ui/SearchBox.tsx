import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { routePath } from 'shared-kernel';
import { suggestions as fetchSuggestions, type Suggestion } from '../api/search';

const SUGGEST_DELAY_MS = 150;
/** The API's limit for a search keyword (docs-setting search_max_length). */
export const KEYWORD_MAX_LENGTH = 50;

/**
 * The search box: suggestions as the reader types (keywords searched before and titles), arrow keys to pick one,
 * Enter or the button to search. Searching goes to articles/search/result?keyword=….
 */
export function SearchBox({ initial = '', large = false, autoFocus = false }: { initial?: string; large?: boolean; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);
  const listId = useId();

  useEffect(() => setText(initial), [initial]);

  useEffect(() => {
    const keyword = text.trim();
    if (!typed.current || !keyword) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(keyword, controller.signal).then(
        (found) => {
          setItems(found);
          setActive(-1);
        },
        () => setItems([]), // suggestions are a nicety: a failure just shows none
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const search = (keyword: string) => {
    const value = keyword.trim();
    if (!value) return;
    setOpen(false);
    typed.current = false;
    setText(value);
    navigate(routePath('articles.search.result', {}, { keyword: value }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    search(active >= 0 && items[active] ? items[active].keyword : text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!items.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the typed text itself; the keys cycle through it and the suggestions
      setActive((i) => {
        const next = i + step;
        return next < -1 ? items.length - 1 : next >= items.length ? -1 : next;
      });
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const showList = open && items.length > 0;
  return (
    // action and method: a search sent before the page's code runs (or without it) is the same GET of the result page
    <form
      className={large ? 'ar-search ar-search-large' : 'ar-search'}
      role="search"
      action={routePath('articles.search.result')}
      method="get"
      onSubmit={onSubmit}
    >
      <div className="ar-search-field">
        <input
          type="search"
          name="keyword"
          aria-label="搜索关键词"
          placeholder="搜索文档、诗词、作者"
          autoComplete="off"
          maxLength={KEYWORD_MAX_LENGTH}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {showList && (
          <ul className="ar-suggest" id={listId} role="listbox" aria-label="搜索建议">
            {items.map((s, i) => (
              <li
                key={`${s.type}-${s.keyword}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="ar-suggest-item"
                // mousedown, not click: it comes before the input's blur closes the list
                onMouseDown={(e) => {
                  e.preventDefault();
                  search(s.keyword);
                }}
              >
                <span>{s.keyword}</span>
                {s.type === 'title' && <span className="ar-suggest-kind">文档</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="submit" className="ar-search-button">
        搜索
      </button>
    </form>
  );
}
