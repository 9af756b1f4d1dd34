import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { pngSrc } from '../api/captcha';
import { ResultBar } from './ResultBar';
import { CAPTCHA_TEXTS } from './texts';
import type { VariantProps } from './types';
import { arrowStep, clamp, isSubmitKey } from './use-pointer-drag';

interface Point {
  x: number;
  y: number;
}

/**
 * Click in order (SPEC §4, §9): click the characters shown in the strip, in that order, then confirm. Confirm is
 * disabled until the picture has loaded. Points are kept in the picture's own pixels (data.width x height).
 * From the keyboard, arrow keys move a cross-hair (Shift for bigger steps), Space marks, Backspace undoes.
 */
export function ClickWords({ challenge, locked, result, onStart, onAnswer }: VariantProps) {
  const { data } = challenge;
  const count = data.count ?? 3;
  const [points, setPoints] = useState<Point[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const pct = (p: Point) => ({ left: `${(p.x / data.width) * 100}%`, top: `${(p.y / data.height) * 100}%` });

  const mark = (p: Point) => {
    if (locked || points.length >= count) return;
    if (points.length === 0) onStart();
    setHint(null);
    setPoints([...points, { x: Math.round(p.x), y: Math.round(p.y) }]);
  };
  const onClick = (event: MouseEvent) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    mark({
      x: ((event.clientX - rect.left) * data.width) / rect.width,
      y: ((event.clientY - rect.top) * data.height) / rect.height,
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (locked) return;
    const here = cursor ?? { x: data.width / 2, y: data.height / 2 };
    const step = arrowStep(event.key, event.shiftKey);
    if (step) {
      event.preventDefault();
      const n = event.shiftKey ? 2 : 5; // keyboard steps: 5 px, or 20 px with Shift
      setCursor({ x: clamp(here.x + step.dx * n, 0, data.width), y: clamp(here.y + step.dy * n, 0, data.height) });
    } else if (isSubmitKey(event.key)) {
      event.preventDefault();
      mark(here);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      setPoints(points.slice(0, -1));
    }
  };
  const confirm = () => {
    if (points.length < count) {
      setHint(CAPTCHA_TEXTS.clickNeed(count));
      return;
    }
    onAnswer(points.map((p) => `${p.x},${p.y}`).join(','));
  };

  return (
    <div className="ma-captcha-click">
      <p className="ma-captcha-instruction">
        {CAPTCHA_TEXTS.clickHint}
        <img className="ma-captcha-thumb" src={pngSrc(data.thumb_base64 ?? '')} alt={`需要依次点击的 ${count} 个字`} />
      </p>
      <div
        ref={frameRef}
        className="ma-captcha-frame ma-clickable"
        style={{ aspectRatio: `${data.width} / ${data.height}` }}
        role="application"
        tabIndex={locked ? -1 : 0}
        data-autofocus=""
        aria-label={CAPTCHA_TEXTS.clickAreaLabel(count)}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={() => setCursor((c) => c ?? { x: data.width / 2, y: data.height / 2 })}
        onBlur={() => setCursor(null)}
      >
        <img className="ma-captcha-bg" src={pngSrc(data.image_base64 ?? '')} alt="" draggable={false} onLoad={() => setLoaded(true)} />
        {points.map((p, i) => (
          <span key={i} className="ma-click-mark" style={pct(p)} aria-hidden="true">
            {i + 1}
          </span>
        ))}
        {cursor && <span className="ma-click-cursor" style={pct(cursor)} aria-hidden="true" />}
        <ResultBar result={result} />
      </div>
      <p className="ma-sr-only" aria-live="polite">
        已标记 {points.length} / {count}
      </p>
      {hint && (
        <p className="ma-field-error" role="alert">
          {hint}
        </p>
      )}
      <div className="ma-captcha-actions">
        <button type="button" className="ma-secondary" disabled={locked || points.length === 0} onClick={() => setPoints([])}>
          {CAPTCHA_TEXTS.clickReset}
        </button>
        <button type="button" className="ma-primary" disabled={!loaded || locked} onClick={confirm}>
          {CAPTCHA_TEXTS.clickConfirm}
        </button>
      </div>
    </div>
  );
}
