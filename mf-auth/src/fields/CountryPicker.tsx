import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { TEXTS } from '../texts';
import { groupRegions, type Region } from './countries';

interface Props {
  code: string;
  onPick: (code: string) => void;
}

/**
 * The country-code picker (SPEC §2): a button with the dial code that opens a list of regions grouped by the
 * initial letter of their names, common ones first, with a search box and a letter index. Escape or picking
 * closes it and gives the focus back to the button.
 */
export function CountryPicker({ code, onPick }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const groups = useMemo(() => groupRegions(query, TEXTS.country.common), [query]);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    buttonRef.current?.focus();
  };
  const pick = (region: Region) => {
    onPick(region.code);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation(); // the dialog around the form stays open
      close();
    }
  };
  const jump = (key: string) => {
    listRef.current?.querySelector<HTMLElement>(`[data-group="${key}"]`)?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="ma-country">
      <button
        ref={buttonRef}
        type="button"
        className="ma-country-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`${TEXTS.country.label}：+${code}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {TEXTS.country.button(code)}
        <span className="ma-caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="ma-country-panel" id={panelId} role="dialog" aria-label={TEXTS.country.title} onKeyDown={onKeyDown}>
          <div className="ma-country-head">
            <strong>{TEXTS.country.title}</strong>
            <button type="button" className="ma-icon-button" aria-label={TEXTS.close} onClick={close}>
              ×
            </button>
          </div>
          <input
            ref={searchRef}
            className="ma-input ma-country-search"
            type="search"
            placeholder={TEXTS.country.search}
            aria-label={TEXTS.country.search}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="ma-country-body">
            <div className="ma-country-list" ref={listRef}>
              {groups.length === 0 && <p className="ma-muted ma-country-empty">{TEXTS.country.empty}</p>}
              {groups.map((group) => (
                <section key={group.key} data-group={group.key} aria-label={group.label}>
                  <h3 className="ma-country-letter">{group.label}</h3>
                  <ul>
                    {group.regions.map((region) => (
                      <li key={`${group.key}-${region.name}`}>
                        <button
                          type="button"
                          className="ma-country-option"
                          aria-current={region.code === code ? 'true' : undefined}
                          onClick={() => pick(region)}
                        >
                          <span>{region.name}</span>
                          <span className="ma-muted">+{region.code}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
            {query === '' && (
              <nav className="ma-country-index" aria-label="按首字母跳转">
                {groups
                  .filter((g) => g.key !== 'common')
                  .map((g) => (
                    <button key={g.key} type="button" onClick={() => jump(g.key)} aria-label={`跳到 ${g.label}`}>
                      {g.label}
                    </button>
                  ))}
              </nav>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
