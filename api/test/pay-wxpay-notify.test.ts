import { NotificationRejected, type RawNotification } from '../src/infra/payments/types';
import { aeadEncrypt, wechatpaySignatureHeaders } from '../src/infra/payments/wxpay/sign';
import { RETRY_SCHEDULE_S } from '../src/infra/payments/wxpay/simulator-notify';
import { payment, sleep, startRig, verifiedFor, waitFor, type Rig } from './pay-wxpay-helpers';

let rig: Rig;

beforeAll(async () => {
  rig = await startRig(0.001);
});
afterAll(async () => {
  await rig.close();
});

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

async function paidTrade(r: Rig): Promise<string> {
  const p = payment(r);
  await r.provider.create(p);
  return p.outTradeNo;
}

describe('notification delivery', () => {
  test('WeChat\'s retry schedule: 15s 15s 30s 3m 10m 20m 30m 30m 30m 60m 3h 3h 3h 6h 6h', () => {
    expect(RETRY_SCHEDULE_S.map((s) => (s < 60 ? `${s}s` : s <= 3600 ? `${s / 60}m` : `${s / 3600}h`)).join(' ')).toBe(
      '15s 15s 30s 3m 10m 20m 30m 30m 30m 60m 3h 3h 3h 6h 6h',
    );
  });

  test('a notification answered 500 is retried with the same id until acknowledged', async () => {
    const no = await paidTrade(rig);
    let failures = 2;
    rig.receiver.override = (result) => (!(result instanceof NotificationRejected) && result.outTradeNo === no && failures-- > 0 ? 500 : undefined);
    await rig.sim.pay(no);
    const notes = await waitFor(() => verifiedFor(rig, no).length >= 3 && verifiedFor(rig, no));
    rig.receiver.override = undefined;
    expect(notes.map((n) => n.status)).toEqual([500, 500, 204]);
    expect(new Set(notes.map((n) => n.result.notifyId)).size).toBe(1);
    expect(new Set(notes.map((n) => n.headers['wechatpay-nonce'])).size).toBe(3);
    await sleep(100);
    expect(verifiedFor(rig, no)).toHaveLength(3);
  });

  test('the adapter\'s own "not ok" answer (500, {"code":"FAIL"}) makes WeChat retry too', async () => {
    expect(rig.provider.notificationAnswer(false)).toEqual({ status: 500, contentType: 'application/json', body: '{"code":"FAIL","message":"失败"}' });
    expect(rig.provider.notificationAnswer(true).status).toBe(204);
  });

  test('duplicate: each notification is sent twice, same id', async () => {
    const no = await paidTrade(rig);
    rig.sim.setFault(no, 'duplicate');
    await rig.sim.pay(no);
    const notes = await waitFor(() => verifiedFor(rig, no).length >= 2 && verifiedFor(rig, no));
    await sleep(100);
    expect(verifiedFor(rig, no)).toHaveLength(2);
    expect(notes[0].result.notifyId).toBe(notes[1].result.notifyId);
  });

  test('drop: nothing arrives; query still tells the truth', async () => {
    const no = await paidTrade(rig);
    const control = await paidTrade(rig);
    const set = await fetch(`${rig.sim.url}/_sim/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ out_trade_no: no, fault: 'drop' }) });
    expect(set.status).toBe(200);
    await rig.sim.pay(no);
    const pay = await fetch(`${rig.sim.url}/_sim/pay/${control}`, { method: 'POST' });
    expect(pay.status).toBe(200);
    await waitFor(() => verifiedFor(rig, control).length > 0);
    await sleep(100);
    expect(verifiedFor(rig, no)).toHaveLength(0);
    expect((await rig.provider.query(no)).state).toBe('paid');
    const bad = await fetch(`${rig.sim.url}/_sim/fault`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"out_trade_no":"x","fault":"explode"}' });
    expect(bad.status).toBe(400);
  });
});

describe('delay and reorder (timeScale 0.01)', () => {
  let slow: Rig;
  beforeAll(async () => {
    slow = await startRig(0.01, rig.keys);
  });
  afterAll(async () => {
    await slow.close();
  });

  test('delay: the notification comes, but later (60 s × timeScale)', async () => {
    const no = await paidTrade(slow);
    slow.sim.setFault(no, 'delay');
    await slow.sim.pay(no);
    await sleep(250);
    expect(verifiedFor(slow, no)).toHaveLength(0);
    await waitFor(() => verifiedFor(slow, no).length > 0, 3000);
  });

  test('reorder: the payment and the refund notifications arrive newest first', async () => {
    const p = payment(slow);
    await slow.provider.create(p);
    slow.sim.setFault(p.outTradeNo, 'reorder');
    await slow.sim.pay(p.outTradeNo);
    await slow.provider.refund({ outTradeNo: p.outTradeNo, refundNo: 'RREORDER1', amountFen: 1234, totalFen: 1234, reason: '测试', notifyUrl: p.notifyUrl });
    const notes = await waitFor(() => verifiedFor(slow, p.outTradeNo).length >= 2 && verifiedFor(slow, p.outTradeNo), 3000);
    expect(notes.map((n) => n.result.type)).toEqual(['refund', 'payment']);
  });
});

describe('forged notifications are rejected', () => {
  let genuine: RawNotification;
  let no: string;

  beforeAll(async () => {
    no = await paidTrade(rig);
    await rig.sim.pay(no);
    const [note] = await waitFor(() => verifiedFor(rig, no).length > 0 && verifiedFor(rig, no));
    genuine = { headers: note.headers, rawBody: note.rawBody };
  });

  /** A notification signed with WeChat's key and encrypted with our APIv3 key: only the content is wrong. */
  function signed(body: string, at = new Date(), serial = rig.keys.platformPublicKeyId): RawNotification {
    return { headers: lower(wechatpaySignatureHeaders(rig.keys.platformPrivateKey, serial, body, at)), rawBody: body };
  }

  function reEncrypted(change: (plain: Record<string, unknown>) => void, resource: Record<string, unknown> = {}): RawNotification {
    const envelope = JSON.parse(genuine.rawBody) as { resource: { ciphertext: string; nonce: string; associated_data: string } };
    const plain = JSON.parse(JSON.stringify({
      appid: rig.keys.appId, mchid: rig.keys.mchId, out_trade_no: no, transaction_id: '4200000000000000000000000001',
      trade_type: 'NATIVE', trade_state: 'SUCCESS', trade_state_desc: '支付成功', bank_type: 'OTHERS',
      success_time: '2026-11-24T20:00:00+08:00', payer: { openid: 'o1' }, amount: { total: 1234, payer_total: 1234, currency: 'CNY', payer_currency: 'CNY' },
    })) as Record<string, unknown>;
    change(plain);
    const nonce = 'abcdefghijkl';
    const ciphertext = aeadEncrypt(rig.keys.apiV3Key, JSON.stringify(plain), nonce, 'transaction');
    return signed(JSON.stringify({ ...envelope, resource: { ...envelope.resource, ciphertext, nonce, ...resource } }));
  }

  const reason = (n: RawNotification) => {
    try {
      rig.provider.verifyNotification(n);
    } catch (e) {
      if (e instanceof NotificationRejected) return e.reason;
      throw e;
    }
    return 'accepted';
  };

  test('the genuine one verifies, and so does our own re-encryption of an honest plaintext', () => {
    expect(rig.provider.verifyNotification(genuine)).toMatchObject({ type: 'payment', outTradeNo: no, state: 'paid', amountFen: 1234 });
    expect(reason(reEncrypted(() => undefined))).toBe('accepted');
  });

  test('a changed body, a wrong serial, an old timestamp', () => {
    expect(reason({ ...genuine, rawBody: genuine.rawBody.replace('支付成功', '支付失败') })).toBe('bad Wechatpay-Signature');
    expect(reason({ ...genuine, rawBody: `${genuine.rawBody} ` })).toBe('bad Wechatpay-Signature');
    expect(reason({ ...genuine, headers: { ...genuine.headers, 'wechatpay-serial': 'PUB_KEY_ID_0000' } })).toMatch(/unknown Wechatpay-Serial/);
    expect(reason(signed(genuine.rawBody, new Date(Date.now() - 6 * 60_000)))).toMatch(/window/);
    expect(reason(signed(genuine.rawBody, new Date(), rig.keys.certSerial))).toMatch(/unknown Wechatpay-Serial/);
    expect(reason({ ...genuine, headers: { ...genuine.headers, 'wechatpay-signature': undefined } })).toMatch(/missing/);
  });

  test('wrong mchid or appid after decryption, a wrong amount type', () => {
    expect(reason(reEncrypted((p) => (p.mchid = '1900000000')))).toBe('mchid is not ours');
    expect(reason(reEncrypted((p) => (p.appid = 'wx0000000000000000')))).toBe('appid is not ours');
    expect(reason(reEncrypted((p) => ((p.amount as Record<string, unknown>).total = '1234')))).toMatch(/amount.total/);
    expect(reason(reEncrypted((p) => delete p.transaction_id))).toMatch(/transaction_id/);
  });

  test('a tampered ciphertext, another algorithm, another associated_data, another event type', () => {
    const envelope = JSON.parse(genuine.rawBody) as { resource: { ciphertext: string }; event_type: string };
    const bytes = Buffer.from(envelope.resource.ciphertext, 'base64');
    bytes[3] ^= 0x20;
    const tampered = { ...envelope, resource: { ...envelope.resource, ciphertext: bytes.toString('base64') } };
    expect(reason(signed(JSON.stringify(tampered)))).toMatch(/does not decrypt/);
    expect(reason(signed(JSON.stringify({ ...envelope, resource: { ...envelope.resource, algorithm: 'AEAD_AES_128_GCM' } })))).toMatch(/algorithm/);
    expect(reason(signed(JSON.stringify({ ...envelope, resource: { ...envelope.resource, associated_data: 'refund' } })))).toMatch(/does not decrypt/);
    expect(reason(signed(JSON.stringify({ ...envelope, event_type: 'TRANSACTION.FAIL' })))).toMatch(/not handled/);
    expect(reason(signed('not json'))).toMatch(/not JSON/);
  });

  test('a rejected notification is answered 500, so WeChat would retry', async () => {
    const forged = { ...genuine, rawBody: genuine.rawBody.replace('支付成功', '支付失败') };
    const response = await fetch(rig.receiver.url, { method: 'POST', headers: genuine.headers as Record<string, string>, body: forged.rawBody });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'FAIL', message: '失败' });
  });
});
