/** The invite code page's texts (user/invite_code). Rules: docs/activities.md, "Invitation drive". */
export const INVITE_TEXTS = {
  myCode: '我的邀请码',
  codeHint: '好友注册时填写此 5 位邀请码',
  copyCode: '复制邀请码',
  copyLink: '复制邀请链接',
  share: '分享给好友',
  copied: '已复制',
  shareText: (code: string) => `我在用这个文档站，注册时填我的邀请码 ${code}，一起领金币`,
  qrAlt: '邀请链接二维码',
  qrHint: '好友扫码即可打开注册页，邀请码已自动填好',
  reward: (inviter: number, invitee: number) => `好友注册并完成首次上传通过审核或首次付费后，你得 ${inviter} 金币，好友得 ${invitee} 金币`,
  stats: { invited: '已邀请', rewarded: '已奖励', earned: '累计获得' },
  people: (n: number) => `${n.toLocaleString('zh-CN')} 人`,
  coins: (n: number) => `${n.toLocaleString('zh-CN')} 金币`,
  joined: '通过我加入的好友',
  empty: '还没有好友通过你的邀请码加入',
  rules: '活动规则',
} as const;
