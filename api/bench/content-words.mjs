// Search words of the content benchmark: common words of classical poetry, from very frequent to rare.
export const WORDS = ['明月', '春风', '故人', '长安', '江南', '白云', '秋风', '归来', '天涯', '千里', '芳草', '黄昏',
  '杨柳', '落花', '青山', '流水', '夕阳', '相思', '万里', '桃花'];

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[at];
}
