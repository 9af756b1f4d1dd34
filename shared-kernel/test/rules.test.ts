import {
  AD_HOST_PREFIXES,
  BACK_EXIT_WINDOW_MS,
  BRAND,
  CAPTCHA,
  CODE_LENGTH,
  CODE_RESEND_COOLDOWN_S,
  codeInput,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_RATING,
  detectPlatform,
  digitsOnly,
  DOC_CATEGORIES,
  docIcon,
  ERROR_DEDUPE_MS,
  extensionOf,
  formatFileSize,
  formatPhoneInput,
  formatScore,
  hostPrefix,
  INVITE_CODE_LENGTH,
  inviteCodeInput,
  isDebugMode,
  isDigitsOnly,
  isPc,
  isWeixin,
  LIST_END_TEXT,
  NICKNAME_MAX_LENGTH,
  PAGE_TITLE_FORMAT,
  pageTitle,
  PASSWORD_MIN_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  phoneDigits,
  QR_LOGIN_EXPIRY_S,
  ratingText,
  RATING_TEXTS,
  REQUEST_TIMEOUT_MS,
  SCORE_DIVISOR,
  setDebugFlag,
  siteContext,
  SNACKBAR_DURATION_MS,
  TOAST_DURATION_MS,
  UPLOAD_TYPES_DESKTOP,
  uploadKindOf,
  validateAgreement,
  validateEmail,
  validateInviteCode,
  validateNickname,
  validatePassword,
  validatePhone,
  validatePhoneForCode,
  validateSmsCode,
  VALIDATION_MESSAGES,
  WIDE_SCREEN_MIN_PX,
  currentEnv,
} from '../src';

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('constants of SPEC §9', () => {
  it('has every number of the spec', () => {
    expect({
      REQUEST_TIMEOUT_MS,
      TOAST_DURATION_MS,
      ERROR_DEDUPE_MS,
      SNACKBAR_DURATION_MS,
      CODE_RESEND_COOLDOWN_S,
      CODE_LENGTH,
      INVITE_CODE_LENGTH,
      PHONE_INPUT_MAX_LENGTH,
      PASSWORD_MIN_LENGTH,
      NICKNAME_MAX_LENGTH,
      DEFAULT_COUNTRY_CODE,
      QR_LOGIN_EXPIRY_S,
      BACK_EXIT_WINDOW_MS,
      WIDE_SCREEN_MIN_PX,
      SCORE_DIVISOR,
      DEFAULT_RATING,
    }).toEqual({
      REQUEST_TIMEOUT_MS: 50000,
      TOAST_DURATION_MS: 5000,
      ERROR_DEDUPE_MS: 3000,
      SNACKBAR_DURATION_MS: 5000,
      CODE_RESEND_COOLDOWN_S: 60,
      CODE_LENGTH: 6,
      INVITE_CODE_LENGTH: 5,
      PHONE_INPUT_MAX_LENGTH: 13,
      PASSWORD_MIN_LENGTH: 8,
      NICKNAME_MAX_LENGTH: 255,
      DEFAULT_COUNTRY_CODE: '86',
      QR_LOGIN_EXPIRY_S: 100,
      BACK_EXIT_WINDOW_MS: 2000,
      WIDE_SCREEN_MIN_PX: 1200,
      SCORE_DIVISOR: 10000,
      DEFAULT_RATING: 5,
    });
  });

  it('has the captcha geometry and timings', () => {
    expect(CAPTCHA).toEqual({
      referenceWidth: 310,
      imageWidth: 310,
      imageHeight: 155,
      barHeight: 40,
      blockSize: 50,
      slideY: 5,
      clickWidth: 300,
      clickHeight: 220,
      rotateRange: 360,
      successCloseMs: 1000,
      failureRefreshMs: 1000,
      popResetMs: 1500,
      noImageRepCode: '6201',
    });
  });

  it('lists the ad prefixes and the list end text', () => {
    expect(AD_HOST_PREFIXES).toEqual(['', 'it', 'math', 'algorithm', 'www', 'mianshi']);
    expect(LIST_END_TEXT).toBe('---- end ----');
  });
});

describe('upload types (SPEC §3)', () => {
  it.each([
    ['报告.PDF', 'documents'],
    ['a.docx', 'documents'],
    ['notes.md', 'documents'],
    ['book.epub', 'documents'],
    ['photo.jpeg', 'images'],
    ['p.png', 'images'],
    ['pack.rar', 'archives'],
    ['pack.zip', 'archives'],
    ['virus.exe', null],
    ['noext', null],
    ['.bashrc', null],
    ['trailing.', null],
  ])('%s is %s', (name, kind) => {
    expect(uploadKindOf(name, UPLOAD_TYPES_DESKTOP)).toBe(kind);
  });

  it('reads extensions in lower case', () => {
    expect(extensionOf('A.B.XLSX')).toBe('xlsx');
  });
});

describe('platform detection (SPEC §1)', () => {
  const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
  const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
  const MINI = `${WECHAT} miniProgram/wx1234`;

  it.each([
    [{ userAgent: CHROME, width: 1200 }, 'pc'],
    [{ userAgent: CHROME, width: 1920 }, 'pc'],
    [{ userAgent: CHROME, width: 1199 }, 'mobile'],
    [{ userAgent: WECHAT, width: 390 }, 'weixin_webpage'],
    [{ userAgent: WECHAT, width: 1440 }, 'weixin_webpage'],
    [{ userAgent: MINI, width: 390 }, 'weixin_miniapp'],
    [{ userAgent: WECHAT, width: 390, wxjsEnvironment: 'miniprogram' }, 'weixin_miniapp'],
  ])('%j is %s', (env, platform) => {
    expect(detectPlatform(env)).toBe(platform);
  });

  it('gives exactly one of the four values', () => {
    expect(['pc', 'weixin_miniapp', 'weixin_webpage', 'mobile']).toContain(detectPlatform());
    expect(isPc({ userAgent: CHROME, width: 1300 })).toBe(true);
    expect(isWeixin({ userAgent: MINI, width: 1300 })).toBe(true);
    expect(isWeixin({ userAgent: CHROME, width: 300 })).toBe(false);
  });

  it('reads the page: user agent, width and the mini-program marker', () => {
    const w = window as { __wxjs_environment?: string };
    const width = window.innerWidth;
    try {
      window.innerWidth = 1280;
      expect(currentEnv()).toMatchObject({ width: 1280, userAgent: navigator.userAgent });
      expect(detectPlatform()).toBe('pc');
      window.innerWidth = 375;
      expect(detectPlatform()).toBe('mobile');
      w.__wxjs_environment = 'miniprogram';
      expect(detectPlatform()).toBe('weixin_miniapp');
    } finally {
      window.innerWidth = width;
      delete w.__wxjs_environment;
    }
  });
});

describe('site context (SPEC §1)', () => {
  it('writes the title format once', () => {
    expect(PAGE_TITLE_FORMAT).toBe('{brand} - {subject}文档下载平台（部分文档可免费下载）');
    expect(pageTitle('数学')).toBe(`${BRAND} - 数学文档下载平台（部分文档可免费下载）`);
  });

  it.each([
    ['zhiku.com', '', '信息安全', true],
    ['www.zhiku.com', 'www', '信息安全', true],
    ['it.zhiku.com', 'it', '信息安全', true],
    ['math.zhiku.com', 'math', '数学', true],
    ['ALGORITHM.zhiku.com', 'algorithm', '算法', true],
    ['mianshi.zhiku.com', 'mianshi', '信息安全', true],
    ['blog.zhiku.com', 'blog', '信息安全', false],
    ['math.zhiku.com.cn', 'math', '数学', true],
    ['zhiku.com.cn', '', '信息安全', true],
    ['localhost', '', '信息安全', true],
    ['math.localhost', 'math', '数学', true],
    ['algorithm.zhiku.localhost', 'algorithm', '算法', true],
    ['blog.localhost', 'blog', '信息安全', false],
    ['127.0.0.1', '', '信息安全', true],
    ['[::1]', '', '信息安全', true],
    ['algorithm.zhiku.com.', 'algorithm', '算法', true],
  ])('%s: prefix %j, subject %s, ads %s', (host, prefix, subject, ads) => {
    expect(hostPrefix(host)).toBe(prefix);
    expect(siteContext(host)).toEqual({
      prefix,
      subject,
      title: `知库文档 - ${subject}文档下载平台（部分文档可免费下载）`,
      adsEnabled: ads,
    });
  });

  it('reads the current host by default', () => {
    expect(siteContext()).toMatchObject({ prefix: '', subject: '信息安全', adsEnabled: true });
  });
});

describe('debug mode (SPEC §6)', () => {
  it.each([
    ['https://zhiku.com/app/x?debug=1', true],
    ['https://zhiku.com/app/x?a=2&debug=true', true],
    ['https://zhiku.com/app/x#debug=1', true],
    ['https://zhiku.com/app/x#/y?debug=1', true],
    ['https://zhiku.com/app/x?debug=0', false],
    ['https://zhiku.com/app/x', false],
  ])('%s: %s', (url, on) => {
    expect(isDebugMode(url)).toBe(on);
  });

  it('is on with the local flag', () => {
    expect(isDebugMode()).toBe(false);
    setDebugFlag(true);
    expect(localStorage.getItem('debug')).toBe('1');
    expect(isDebugMode('https://zhiku.com/')).toBe(true);
    expect(isDebugMode('http://[bad')).toBe(true);
    setDebugFlag(false);
    expect(isDebugMode('http://[bad')).toBe(false);
  });

  it('is off when storage is unavailable and the URL has no marker', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => setDebugFlag(true)).not.toThrow();
    expect(isDebugMode('https://zhiku.com/')).toBe(false);
  });
});

describe('validation of SPEC §5', () => {
  const M = VALIDATION_MESSAGES;

  it('has the exact messages', () => {
    expect(M).toEqual({
      phoneRequired: '请填写登录手机号',
      phoneFormat: '手机号格式不正确',
      phoneEmptyForCode: '手机号不能为空',
      password: '密码应为至少8位数字字母组合',
      smsCode: '验证码格式不正确',
      inviteCode: '邀请码不正确',
      email: '邮箱格式不正确',
      nicknameRequired: '用户名不能为空',
      nicknameTooLong: '昵称不能超过255个字符',
      agreeService: '请同意服务协议',
      agreeUserAgreementAndPrivacy: '您还未同意用户协议和隐私政策',
    });
  });

  it.each([
    ['', '请填写登录手机号'],
    ['   ', '请填写登录手机号'],
    ['138 1234 5678', null],
    ['13812345678', null],
    ['138-1234-5678', '手机号格式不正确'],
    ['+8613812345678', '手机号格式不正确'],
    ['13812a45678', '手机号格式不正确'],
  ])('phone %j -> %s', (value, message) => {
    expect(validatePhone(value)).toBe(message);
  });

  it('asks for a phone before sending a code', () => {
    expect(validatePhoneForCode('')).toBe('手机号不能为空');
    expect(validatePhoneForCode('abc')).toBe('手机号格式不正确');
    expect(validatePhoneForCode('13812345678')).toBeNull();
  });

  it.each([
    ['', '密码应为至少8位数字字母组合'],
    ['abc1234', '密码应为至少8位数字字母组合'],
    ['abcdefgh', '密码应为至少8位数字字母组合'],
    ['12345678', '密码应为至少8位数字字母组合'],
    ['abcd1234', null],
    ['密码密码密码ab1', null],
    ['A1!@#$%^', null],
  ])('password %j -> %s', (value, message) => {
    expect(validatePassword(value)).toBe(message);
  });

  it.each([
    ['123456', null],
    ['12345', '验证码格式不正确'],
    ['1234567', '验证码格式不正确'],
    ['12345a', '验证码格式不正确'],
    ['', '验证码格式不正确'],
  ])('SMS code %j -> %s', (value, message) => {
    expect(validateSmsCode(value)).toBe(message);
  });

  it.each([
    ['12345', null],
    ['1234', '邀请码不正确'],
    ['123456', '邀请码不正确'],
    ['1234a', '邀请码不正确'],
  ])('invite code %j -> %s', (value, message) => {
    expect(validateInviteCode(value)).toBe(message);
  });

  it.each([
    ['user@example.com', null],
    ['first.last+tag@mail.example.com.cn', null],
    ['user@example', '邮箱格式不正确'],
    ['user@@example.com', '邮箱格式不正确'],
    ['user example@x.com', '邮箱格式不正确'],
    ['', '邮箱格式不正确'],
    [`${'a'.repeat(250)}@x.com`, '邮箱格式不正确'],
  ])('e-mail %j -> %s', (value, message) => {
    expect(validateEmail(value)).toBe(message);
  });

  it('nickname: required and fewer than 255 characters', () => {
    expect(validateNickname('')).toBe('用户名不能为空');
    expect(validateNickname('  ')).toBe('用户名不能为空');
    expect(validateNickname('小明')).toBeNull();
    expect(validateNickname('字'.repeat(254))).toBeNull();
    expect(validateNickname('字'.repeat(255))).toBe('昵称不能超过255个字符');
    expect(validateNickname('😀'.repeat(254))).toBeNull(); // counted in characters, not UTF-16 units
  });

  it('agreement: its text depends on the form', () => {
    expect(validateAgreement(true, 'register')).toBeNull();
    expect(validateAgreement(false, 'register')).toBe('请同意服务协议');
    expect(validateAgreement(false, 'code-login')).toBe('请同意服务协议');
    expect(validateAgreement(false, 'password-login')).toBe('您还未同意用户协议和隐私政策');
  });

  it('phone input: digits only, auto-spaced 3-4-4, at most 13 characters', () => {
    expect(formatPhoneInput('138')).toBe('138');
    expect(formatPhoneInput('1381')).toBe('138 1');
    expect(formatPhoneInput('1381234')).toBe('138 1234');
    expect(formatPhoneInput('13812345')).toBe('138 1234 5');
    expect(formatPhoneInput('13812345678')).toBe('138 1234 5678');
    expect(formatPhoneInput('138-1234-5678-999')).toBe('138 1234 5678');
    expect(formatPhoneInput('abc')).toBe('');
    expect(formatPhoneInput('13812345678999').length).toBe(13);
    expect(phoneDigits('138 1234 5678')).toBe('13812345678');
  });

  it('code boxes take digits only, 6 by default; invite code 5; wallet phone digits only', () => {
    expect(codeInput('12a3-45678')).toBe('123456');
    expect(codeInput('9876', 4)).toBe('9876');
    expect(inviteCodeInput('1 2 3 4 5 6')).toBe('12345');
    expect(digitsOnly('1a2b3')).toBe('123');
    expect(isDigitsOnly('13812345678')).toBe(true);
    expect(isDigitsOnly('138 1234')).toBe(false);
    expect(isDigitsOnly('')).toBe(false);
  });
});

describe('formatters (SPEC §3)', () => {
  it.each([
    [0, '0 B'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1048576, '1 MB'],
    [1.25 * 1048576, '1.25 MB'],
    [1073741824, '1 GB'],
    [3.456 * 1073741824, '3.46 GB'],
    [5 * 1099511627776, '5120 GB'],
  ])('file size %d is %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([
    [45000, '4.5'],
    [50000, '5.0'],
    [12345, '1.2'],
    [0, '0.0'],
    ['38000', '3.8'],
    [null, '0.0'],
    [undefined, '0.0'],
  ])('score %j shows as %s', (stored, text) => {
    expect(formatScore(stored)).toBe(text);
  });

  it('has a text for each of 1 to 5 stars, 5 by default', () => {
    expect(RATING_TEXTS).toEqual(['极差', '失望', '一般', '满意', '惊喜']);
    expect([1, 2, 3, 4, 5].map((n) => ratingText(n))).toEqual(['极差', '失望', '一般', '满意', '惊喜']);
    expect(ratingText()).toBe('惊喜');
    expect(ratingText(null)).toBe('惊喜');
    expect(ratingText(0)).toBe('极差');
    expect(ratingText(9)).toBe('惊喜');
    expect(ratingText(3.4)).toBe('一般');
  });

  it.each([
    ['pdf', 1, 'pdf', 'PDF', '#d4382f', 'doc-icon doc-icon-pdf'],
    ['word', 1, 'word', 'Word', '#2b6fd6', 'doc-icon doc-icon-word'],
    ['excel', 1, 'excel', 'Excel', '#1a8648', 'doc-icon doc-icon-excel'],
    ['PPT', 1, 'ppt', 'PPT', '#c0521a', 'doc-icon doc-icon-ppt'],
    ['compress', 1, 'compress', '压缩包', '#8a5cd1', 'doc-icon doc-icon-compress'],
    ['other', 1, 'other', '其他', '#6b7785', 'doc-icon doc-icon-other'],
    ['pdf', 0, 'pdf', 'PDF', '#b8bec8', 'doc-icon doc-icon-pdf doc-icon-grey'],
    ['toString', 1, 'other', '其他', '#6b7785', 'doc-icon doc-icon-other'],
    [null, 0, 'other', '其他', '#b8bec8', 'doc-icon doc-icon-other doc-icon-grey'],
  ] as const)('document icon of %s with status %d', (extCate, status, category, label, color, className) => {
    expect(docIcon(extCate, status)).toEqual({ category, label, color, active: status === 1, className });
  });

  it.each(Object.entries(DOC_CATEGORIES))('the %s icon colour has at least 4.5:1 contrast with its white label', (_name, { color }) => {
    const linear = (hex: string) =>
      [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    const [r, g, b] = linear(color);
    expect(1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
