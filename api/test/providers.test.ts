import { devRoutesEnabled, loadConfig, SIMULATOR_CREDENTIALS } from '../src/core/config';
import { formBody, percentEncode, rpcSignature, signedRpcParams, stringToSign } from '../src/infra/providers/aliyun-rpc';
import { aliyunSimulator } from '../src/infra/providers/aliyun-simulator';
import type { DevOutbox, OutboxMessage } from '../src/infra/providers/outbox';
import { aliyunSms } from '../src/infra/providers/sms';
import { wxMiniApp, wxMiniAppSimulator } from '../src/infra/providers/wx-miniapp';

/** The worked example of Aliyun's SMS signature documentation (AccessKeySecret "testSecret"). */
const DOC_PARAMS: Record<string, string> = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

function memoryOutbox(): DevOutbox & { messages: Omit<OutboxMessage, 'id' | 'create_time'>[] } {
  const messages: Omit<OutboxMessage, 'id' | 'create_time'>[] = [];
  return {
    messages,
    async record(m) {
      messages.push(m);
    },
    async list() {
      return [];
    },
  };
}

describe('Aliyun RPC signature', () => {
  test('matches the documented example: string to sign and signature', () => {
    expect(stringToSign('GET', DOC_PARAMS)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
        '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D' +
        '45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D' +
        '%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(rpcSignature('GET', DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(percentEncode(rpcSignature('GET', DOC_PARAMS, 'testSecret'))).toBe('zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D');
  });

  test('percent-encoding is RFC 3986: space %20, * %2A, ~ kept', () => {
    expect(percentEncode("a b*c~d'(e)!")).toBe('a%20b%2Ac~d%27%28e%29%21');
  });

  test('signed parameters carry the common fields and a signature of exactly them', () => {
    const params = signedRpcParams('POST', { Action: 'SendSms' }, { accessKeyId: 'id', accessKeySecret: 's' }, new Date('2024-01-02T03:04:05.678Z'), 'n1');
    expect(params).toMatchObject({ AccessKeyId: 'id', Format: 'JSON', SignatureNonce: 'n1', Timestamp: '2024-01-02T03:04:05Z' });
    const { Signature, ...rest } = params;
    expect(Signature).toBe(rpcSignature('POST', rest, 's'));
  });
});

describe('Aliyun simulator', () => {
  const now = () => new Date();
  const config = loadConfig({ NODE_ENV: 'test' }).sms;

  test('the adapter through the simulator delivers into the outbox', async () => {
    const outbox = memoryOutbox();
    const sms = aliyunSms(config, aliyunSimulator(outbox, SIMULATOR_CREDENTIALS, now), now);
    await sms.sendCode({ countryCode: '86', mobile: '13800138000' }, '123456');
    await sms.sendCode({ countryCode: '852', mobile: '51234567' }, '654321');
    expect(outbox.messages.map((m) => [m.recipient, m.code])).toEqual([
      ['13800138000', '123456'],
      ['85251234567', '654321'],
    ]);
    expect(outbox.messages[0].body).toContain('123456');
  });

  test('refuses what Aliyun refuses: wrong key, bad signature, stale timestamp, reused nonce', async () => {
    const outbox = memoryOutbox();
    const sim = aliyunSimulator(outbox, SIMULATOR_CREDENTIALS, now);
    const send = (params: Record<string, string>) => sim({ method: 'POST', url: 'x', body: formBody(params) });
    const action = { Action: 'SendSms', Version: '2017-05-25', PhoneNumbers: '13800138000', SignName: 'x', TemplateCode: 't', TemplateParam: '{"code":"1"}' };
    const good = signedRpcParams('POST', action, SIMULATOR_CREDENTIALS, now());
    expect(JSON.parse((await send(good)).text).Code).toBe('OK');
    expect(JSON.parse((await send(good)).text).Code).toBe('SignatureNonceUsed');
    const wrongSecret = signedRpcParams('POST', action, { ...SIMULATOR_CREDENTIALS, accessKeySecret: 'guess' }, now());
    expect(JSON.parse((await send(wrongSecret)).text).Code).toBe('SignatureDoesNotMatch');
    const wrongKey = signedRpcParams('POST', action, { ...SIMULATOR_CREDENTIALS, accessKeyId: 'other' }, now());
    expect(JSON.parse((await send(wrongKey)).text).Code).toBe('InvalidAccessKeyId.NotFound');
    const stale = signedRpcParams('POST', action, SIMULATOR_CREDENTIALS, new Date(Date.now() - 3600_000));
    expect(JSON.parse((await send(stale)).text).Code).toBe('InvalidTimeStamp.Expired');
    const tampered = { ...signedRpcParams('POST', action, SIMULATOR_CREDENTIALS, now()), PhoneNumbers: '13900000000' };
    expect(JSON.parse((await send(tampered)).text).Code).toBe('SignatureDoesNotMatch');
    expect(outbox.messages).toHaveLength(1);
  });
});

describe('WeChat mini-program simulator', () => {
  const config = loadConfig({ NODE_ENV: 'test' }).wxMiniApp;

  test('one openid per person, each code once, bad codes and credentials refused like WeChat', async () => {
    const wx = wxMiniApp(config, wxMiniAppSimulator(config));
    const a1 = await wx.code2Session('dora.1');
    const a2 = await wx.code2Session('dora.2');
    const b = await wx.code2Session('erin');
    expect(a1?.openid).toBe(a2?.openid);
    expect(a1?.openid).not.toBe(b?.openid);
    expect(await wx.code2Session('dora.1')).toBeNull();
    expect(await wx.code2Session('no spaces allowed')).toBeNull();
    const wrongSecret = wxMiniApp(config, wxMiniAppSimulator({ ...config, appSecret: 'other' }));
    await expect(wrongSecret.code2Session('fred')).rejects.toThrow(/40125/);
  });
});

describe('configuration', () => {
  test('development and test use the simulators and the dev outbox; production the real providers', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect(devRoutesEnabled(config)).toBe(true);
      expect([config.sms.provider, config.mail.provider, config.wxMiniApp.provider]).toEqual(['simulator', 'simulator', 'simulator']);
    }
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ALIYUN_ACCESS_KEY_ID/);
    const real = loadConfig({
      NODE_ENV: 'production',
      ALIYUN_ACCESS_KEY_ID: 'id',
      ALIYUN_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '签名',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_DM_ACCOUNT_NAME: 'a@b.cn',
      WX_MINIAPP_APPID: 'wx1',
      WX_MINIAPP_SECRET: 's',
    });
    expect(devRoutesEnabled(real)).toBe(false);
    expect(real.sms).toMatchObject({ provider: 'real', credentials: { accessKeyId: 'id', accessKeySecret: 'secret' } });
  });

  test('a simulator in production is refused unless DEV_OUTBOX=1 says so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'simulator', MAIL_PROVIDER: 'simulator', WX_MINIAPP_PROVIDER: 'simulator' })).toThrow(
      /生产环境不能使用模拟服务/,
    );
    const allowed = loadConfig({
      NODE_ENV: 'production',
      DEV_OUTBOX: '1',
      SMS_PROVIDER: 'simulator',
      MAIL_PROVIDER: 'simulator',
      WX_MINIAPP_PROVIDER: 'simulator',
    });
    // the simulators are allowed, the dev routes are not
    expect(allowed.sms.provider).toBe('simulator');
    expect(devRoutesEnabled(allowed)).toBe(false);
    expect(() => loadConfig({ SMS_PROVIDER: 'fake' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ RATE_LIMIT_SCALE: '-1' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});
