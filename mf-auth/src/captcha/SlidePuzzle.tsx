import { CAPTCHA } from 'shared-kernel';
import { pngSrc } from '../api/captcha';
import { ResultBar } from './ResultBar';
import { CAPTCHA_TEXTS } from './texts';
import type { VariantProps } from './types';
import { sliderClass, useSlider } from './use-pointer-drag';

const W = CAPTCHA.referenceWidth;
const B = CAPTCHA.blockSize;
const MAX = W - B;
const pct = (units: number) => `${(units / W) * 100}%`;

/**
 * Slide puzzle (SPEC §4, §9): drag the handle (mouse, finger) or press the arrow keys; the piece follows over
 * the picture. Positions are kept at the 310 px reference width, so the answer "x,5" is already scaled
 * whatever width the picture is shown at.
 */
export function SlidePuzzle({ challenge, locked, result, onStart, onAnswer }: VariantProps) {
  const { data } = challenge;
  const { value: pos, trackRef, drag, onKeyDown } = useSlider({
    max: MAX,
    locked,
    onStart,
    onAnswer: (value) => onAnswer(`${Math.round(value)},${CAPTCHA.slideY}`),
    // reference units per display px (jsdom has no layout: 1)
    unitsPerPx: (track) => W / (track?.clientWidth || W),
  });

  return (
    <div className="ma-captcha-slide">
      <div className="ma-captcha-frame" style={{ aspectRatio: `${data.width} / ${data.height}` }}>
        <img className="ma-captcha-bg" src={pngSrc(data.originalImageBase64 ?? '')} alt="拼图背景" draggable={false} />
        <img
          className="ma-captcha-piece"
          src={pngSrc(data.jigsawImageBase64 ?? '')}
          alt=""
          draggable={false}
          style={{ left: pct(pos), width: pct(B) }}
        />
        <ResultBar result={result} />
      </div>
      <div className={sliderClass(result)} ref={trackRef}>
        <div className="ma-slider-fill" style={{ width: pct(pos + B / 2) }} />
        {pos === 0 && <span className="ma-slider-text">{CAPTCHA_TEXTS.slideHint}</span>}
        <div
          className="ma-slider-handle"
          role="slider"
          tabIndex={locked ? -1 : 0}
          data-autofocus=""
          aria-label={CAPTCHA_TEXTS.slideLabel}
          aria-valuemin={0}
          aria-valuemax={MAX}
          aria-valuenow={Math.round(pos)}
          aria-disabled={locked || undefined}
          style={{ left: pct(pos), width: pct(B) }}
          onKeyDown={onKeyDown}
          {...drag}
        >
          <span aria-hidden="true">→</span>
        </div>
      </div>
    </div>
  );
}
