import { useCallback, useEffect, useState } from 'react';
import {
  KERNEL_INSTANCE_ID,
  REMOTE_NAMES,
  STAFF_REMOTES,
  detectPlatform,
  isStaff,
  http,
  siteContext,
  useAppState,
  useUser,
  type DeploymentManifest,
  type RemoteName,
} from 'shared-kernel';
import type { MfManifest } from '../federation/discovery';

interface RemoteRow {
  remote: RemoteName;
  /** The version the deployment manifest names. */
  deployed: string | null;
  manifest: string | null;
  /** The version the remote's own mf-manifest.json says it was built as. */
  built: string | null;
  status: 'ok' | 'missing' | 'unreachable';
  ms: number | null;
}

interface ApiHealth {
  status: 'ok' | 'down';
  db?: string;
  version?: string;
  migrations?: number;
  ms: number;
  message?: string;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: Math.round(performance.now() - started) };
}

async function checkRemote(deployment: DeploymentManifest | null, remote: RemoteName): Promise<RemoteRow> {
  const entry = deployment?.remotes[remote];
  if (!entry) return { remote, deployed: null, manifest: null, built: null, status: 'missing', ms: null };
  try {
    const { value, ms } = await timed(async () => {
      const response = await fetch(entry.manifest, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as MfManifest;
    });
    return { remote, deployed: entry.version, manifest: entry.manifest, built: value.metaData.buildInfo?.buildVersion ?? null, status: 'ok', ms };
  } catch {
    return { remote, deployed: entry.version, manifest: entry.manifest, built: null, status: 'unreachable', ms: null };
  }
}

async function checkApi(): Promise<ApiHealth> {
  const started = performance.now();
  try {
    const { data } = await http.get<{ status: 'ok'; db: string; version: string; migrations: number }>('/health/', { background: true });
    return { ...data, ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 'down', ms: Math.round(performance.now() - started), message: '接口无法访问' };
  }
}

/** The remotes this page checks: the staff console for staff only (nobody else's browser fetches a byte of it). */
function visibleRemotes(staff: boolean): RemoteName[] {
  return REMOTE_NAMES.filter((r) => staff || !STAFF_REMOTES.has(r));
}

const STATUS_TEXT: Record<RemoteRow['status'], string> = { ok: '正常', missing: '未部署', unreachable: '无法访问' };

/**
 * `/test`: the QA diagnostics page. Rendered by the shell itself (not by mf-user-center, which owns the route in
 * the table), so it still works when a remote is broken: that is what it is for. Shows each remote's deployed and
 * built version and whether its manifest answers, the API's health, and this page's environment.
 */
export function Diagnostics({ deployment }: { deployment: () => Promise<DeploymentManifest> }) {
  const [remotes, setRemotes] = useState<RemoteRow[] | null>(null);
  const [api, setApi] = useState<ApiHealth | null>(null);
  const [deploymentError, setDeploymentError] = useState<string | null>(null);
  const user = useUser();
  const online = useAppState((s) => s.online);
  const site = siteContext();
  const staff = isStaff(user);
  const names = visibleRemotes(staff);

  const run = useCallback(async () => {
    setRemotes(null);
    setApi(null);
    let current: DeploymentManifest | null = null;
    try {
      current = await deployment();
      setDeploymentError(null);
    } catch (error) {
      setDeploymentError(error instanceof Error ? error.message : '部署清单加载失败');
    }
    const [rows, health] = await Promise.all([Promise.all(visibleRemotes(staff).map((r) => checkRemote(current, r))), checkApi()]);
    setRemotes(rows);
    setApi(health);
  }, [deployment, staff]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <section className="page diagnostics" data-testid="diagnostics">
      <h1>诊断信息</h1>
      <p className="page-meta">供测试与运维排查问题使用：各模块的部署版本、接口健康状况与当前环境。</p>

      <h2>前端模块</h2>
      {deploymentError && <p className="diag-error">{deploymentError}</p>}
      <div className="table-wrap">
        <table className="diag-table">
          <thead>
            <tr>
              <th scope="col">模块</th>
              <th scope="col">部署版本</th>
              <th scope="col">构建版本</th>
              <th scope="col">状态</th>
              <th scope="col">清单地址</th>
            </tr>
          </thead>
          <tbody>
            <tr data-remote-row="shell">
              <th scope="row">shell</th>
              <td>{__APP_VERSION__}</td>
              <td>{__APP_VERSION__}</td>
              <td className="ok">正常</td>
              <td>内核实例 {KERNEL_INSTANCE_ID}</td>
            </tr>
            {names.map((remote) => {
              const row = remotes?.find((r) => r.remote === remote);
              const pending = remotes === null;
              return (
                <tr key={remote} data-remote-row={remote}>
                  <th scope="row">{remote}</th>
                  <td data-testid={`deployed-${remote}`}>{row?.deployed ?? (pending ? '…' : '—')}</td>
                  <td>{row?.built ?? (pending ? '…' : '—')}</td>
                  <td className={row?.status ?? ''}>
                    {row ? `${STATUS_TEXT[row.status]}${row.ms !== null ? `（${row.ms} ms）` : ''}` : '检测中…'}
                  </td>
                  <td className="diag-url">{row?.manifest ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <h2>接口</h2>
      <dl className="diag-list" data-testid="api-health">
        <dt>状态</dt>
        <dd className={api?.status === 'ok' ? 'ok' : api ? 'unreachable' : ''}>
          {api ? (api.status === 'ok' ? `正常（${api.ms} ms）` : api.message) : '检测中…'}
        </dd>
        <dt>版本</dt>
        <dd>{api?.version ?? '—'}</dd>
        <dt>数据库</dt>
        <dd>{api?.db ? `${api.db}，已执行 ${api.migrations} 个迁移` : '—'}</dd>
      </dl>

      <h2>当前环境</h2>
      <dl className="diag-list">
        <dt>站点</dt>
        <dd>
          {site.prefix || '（无前缀）'} · {site.subject} · {site.adsEnabled ? '展示推广' : '不展示推广'}
        </dd>
        <dt>平台</dt>
        <dd>{detectPlatform()}</dd>
        <dt>用户</dt>
        <dd>{user && user.uid !== 0 ? `uid ${user.uid}（${user.is_active === 1 ? '已激活' : '未激活'}）` : '游客'}</dd>
        <dt>网络</dt>
        <dd>{online ? '在线' : '离线'}</dd>
        <dt>浏览器</dt>
        <dd className="diag-url">{navigator.userAgent}</dd>
      </dl>
      <p>
        <button type="button" className="btn" onClick={() => void run()}>
          重新检测
        </button>
      </p>
    </section>
  );
}
