import type { SiteIcp } from 'contracts';
import { useEffect, useState } from 'react';
import { http, routePath } from 'shared-kernel';
import { whenInteractive } from '../scheduling/when-interactive';
import { NavLink } from './NavLink';

/** GET /api/site-icp/. */
export type SiteRecord = SiteIcp;

/** The disclaimer of SPEC.md §1, shown under every page. */
export const DISCLAIMER =
  '请勿上传未经授权或侵权的文档，上传内容由上传者负责；侵权内容一经核实将被删除，误删可申请恢复。权利人可通过侵权投诉页面或邮件投诉。';

export function footerLinks(): { label: string; to: string }[] {
  return [
    { label: '用户协议', to: routePath('site.userAgreement') },
    { label: '隐私政策', to: routePath('site.privacyPolicy') },
    { label: '第三方SDK列表', to: routePath('site.sdkList') },
    { label: '关于我们', to: routePath('user.aboutItems') },
    { label: '意见反馈', to: routePath('site.feedback') },
    { label: '侵权投诉', to: routePath('site.report') },
    { label: '手机客户端', to: routePath('site.appDown') },
  ];
}

/** Loads the record numbers after the page is interactive: the footer is below the fold and never waits for them. */
function useSiteRecord(): SiteRecord | null {
  const [record, setRecord] = useState<SiteRecord | null>(null);
  useEffect(() => {
    let alive = true;
    whenInteractive(() => {
      http
        .get<SiteRecord>('/site-icp/', { background: true })
        .then(({ data }) => alive && setRecord(data))
        .catch(() => undefined);
    });
    return () => {
      alive = false;
    };
  }, []);
  return record;
}

/**
 * The site footer: links to the site's own pages (user agreement, privacy policy, SDK list, ...), the disclaimer and
 * the ICP record number from the API. `src/index.html` holds the same markup without the record numbers.
 */
export function Footer() {
  const record = useSiteRecord();
  return (
    <div className="footer-inner">
      <nav className="footer-links" aria-label="网站信息">
        {footerLinks().map((link) => (
          <NavLink key={link.to} to={link.to}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <p className="footer-note">{DISCLAIMER}</p>
      <p className="footer-record" data-testid="footer-record">
        {record ? (
          <>
            <span>{record.copyright}</span>
            {record.icp && (
              <a href={record.icp_url} target="_blank" rel="noopener noreferrer" data-testid="icp">
                {record.icp}
              </a>
            )}
            {record.police && (
              <a href={record.police_url} target="_blank" rel="noopener noreferrer">
                {record.police}
              </a>
            )}
          </>
        ) : (
          '\u00a0'
        )}
      </p>
    </div>
  );
}
