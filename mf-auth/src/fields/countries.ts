/**
 * Regions of the country-code picker (SPEC §2): name, pinyin initial of the Chinese name (the picker groups by
 * it), and dial code without '+'. 86 is the default; the SPEC's examples 886, 853, 852, 1, 44, 81, 82 and 65 are
 * all here.
 */
export interface Region {
  name: string;
  initial: string;
  code: string;
}

export const DEFAULT_REGION: Region = { name: '中国大陆', initial: 'Z', code: '86' };

export const REGIONS: readonly Region[] = [
  { name: '阿联酋', initial: 'A', code: '971' },
  { name: '阿根廷', initial: 'A', code: '54' },
  { name: '埃及', initial: 'A', code: '20' },
  { name: '爱尔兰', initial: 'A', code: '353' },
  { name: '奥地利', initial: 'A', code: '43' },
  { name: '澳大利亚', initial: 'A', code: '61' },
  { name: '巴基斯坦', initial: 'B', code: '92' },
  { name: '巴西', initial: 'B', code: '55' },
  { name: '比利时', initial: 'B', code: '32' },
  { name: '波兰', initial: 'B', code: '48' },
  { name: '丹麦', initial: 'D', code: '45' },
  { name: '德国', initial: 'D', code: '49' },
  { name: '俄罗斯', initial: 'E', code: '7' },
  { name: '法国', initial: 'F', code: '33' },
  { name: '菲律宾', initial: 'F', code: '63' },
  { name: '芬兰', initial: 'F', code: '358' },
  { name: '哈萨克斯坦', initial: 'H', code: '7' },
  { name: '韩国', initial: 'H', code: '82' },
  { name: '荷兰', initial: 'H', code: '31' },
  { name: '加拿大', initial: 'J', code: '1' },
  { name: '柬埔寨', initial: 'J', code: '855' },
  { name: '老挝', initial: 'L', code: '856' },
  { name: '马来西亚', initial: 'M', code: '60' },
  { name: '美国', initial: 'M', code: '1' },
  { name: '蒙古', initial: 'M', code: '976' },
  { name: '缅甸', initial: 'M', code: '95' },
  { name: '墨西哥', initial: 'M', code: '52' },
  { name: '南非', initial: 'N', code: '27' },
  { name: '挪威', initial: 'N', code: '47' },
  { name: '葡萄牙', initial: 'P', code: '351' },
  { name: '日本', initial: 'R', code: '81' },
  { name: '瑞典', initial: 'R', code: '46' },
  { name: '瑞士', initial: 'R', code: '41' },
  { name: '沙特阿拉伯', initial: 'S', code: '966' },
  { name: '泰国', initial: 'T', code: '66' },
  { name: '土耳其', initial: 'T', code: '90' },
  { name: '乌克兰', initial: 'W', code: '380' },
  { name: '西班牙', initial: 'X', code: '34' },
  { name: '希腊', initial: 'X', code: '30' },
  { name: '新加坡', initial: 'X', code: '65' },
  { name: '新西兰', initial: 'X', code: '64' },
  { name: '匈牙利', initial: 'X', code: '36' },
  { name: '以色列', initial: 'Y', code: '972' },
  { name: '意大利', initial: 'Y', code: '39' },
  { name: '印度', initial: 'Y', code: '91' },
  { name: '印度尼西亚', initial: 'Y', code: '62' },
  { name: '英国', initial: 'Y', code: '44' },
  { name: '越南', initial: 'Y', code: '84' },
  { name: '中国澳门', initial: 'Z', code: '853' },
  { name: '中国大陆', initial: 'Z', code: '86' },
  { name: '中国台湾', initial: 'Z', code: '886' },
  { name: '中国香港', initial: 'Z', code: '852' },
];

/** Shown above the letters: where most users come from. */
export const COMMON_CODES: readonly string[] = ['86', '852', '853', '886'];

export interface RegionGroup {
  key: string;
  label: string;
  regions: Region[];
}

/** The picker's groups: common regions first, then one group per initial letter, A to Z; filtered by `query`. */
export function groupRegions(query: string, commonLabel: string): RegionGroup[] {
  const q = query.trim().replace(/^\+/, '');
  const matches = (r: Region) => q === '' || r.name.includes(q) || r.code.startsWith(q) || r.initial === q.toUpperCase();
  const groups: RegionGroup[] = [];
  if (q === '') {
    groups.push({
      key: 'common',
      label: commonLabel,
      regions: COMMON_CODES.map((code) => REGIONS.find((r) => r.code === code && r.initial === 'Z')!),
    });
  }
  const letters = [...new Set(REGIONS.map((r) => r.initial))].sort();
  for (const letter of letters) {
    const regions = REGIONS.filter((r) => r.initial === letter && matches(r));
    if (regions.length) groups.push({ key: letter, label: letter, regions });
  }
  return groups;
}
