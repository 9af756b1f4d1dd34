import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toastSuccess, useLoad } from 'shared-kernel';
import { TEXTS } from '../texts';
import { Pager, type Page } from './Pager';
import { ReasonForm } from './ReasonForm';
import { LoadError, Loading } from './Status';

export interface Column<T> {
  label: string;
  render: (item: T) => ReactNode;
}

/** What a queue page tells the queue: its filters, how to load, show and act on an item. */
export interface QueueConfig<T extends { id: number }> {
  /** Filter values and labels; the first is the default. `''` is a valid value (no filter). */
  filters: readonly (readonly [value: string, label: string])[];
  load: (filter: string, page: number) => Promise<Page<T>>;
  title: (item: T) => string;
  columns: Column<T>[];
  detail: (item: T) => ReactNode;
  /** Whether the item still waits for a decision (its actions offered). */
  open: (item: T) => boolean;
  approve?: (id: number) => Promise<T>;
  reject?: (id: number, reason: string) => Promise<T>;
  /** Other decisions than approve / reject (a complaint's take-down, a report's resolution); replaces them. */
  actions?: (item: T) => QueueAction<T>[];
  /** Batch approve / reject of the selected rows (one call each). */
  batch?: boolean;
  testId: string;
}

/** One decision on an item: its button, its toast, and whether a reason is asked first. */
export interface QueueAction<T> {
  label: string;
  done: string;
  reason?: boolean;
  danger?: boolean;
  run: (id: number, reason: string) => Promise<T>;
}

/** The decisions offered on an item: the config's own, or approve and reject. */
function actionsOf<T extends { id: number }>(config: QueueConfig<T>, item: T): QueueAction<T>[] {
  return config.actions ? config.actions(item) : approveReject(config);
}

function approveReject<T extends { id: number }>({ approve, reject }: QueueConfig<T>): QueueAction<T>[] {
  return [
    ...(approve ? [{ label: TEXTS.approve, done: TEXTS.approved, run: (id: number) => approve(id) }] : []),
    ...(reject ? [{ label: TEXTS.reject, done: TEXTS.rejected, reason: true, danger: true, run: reject }] : []),
  ];
}

type Pending<T> = { ids: number[]; batch?: boolean; action: QueueAction<T> } | null;

/** Runs `act` for each id one after the other; answers the items that succeeded (the kernel toasts each failure). */
async function runEach<T>(ids: number[], act: (id: number) => Promise<T>): Promise<{ done: T[]; failed: number }> {
  const done: T[] = [];
  let failed = 0;
  for (const id of ids) {
    try {
      done.push(await act(id));
    } catch {
      failed += 1;
    }
  }
  return { done, failed };
}

/**
 * A review queue: filter chips (kept in the address, `?status=`), a table of the page (selectable for batch
 * actions), a detail view of the chosen item, approve and reject with a reason, page by page.
 */
export function ReviewQueue<T extends { id: number }>({ config }: { config: QueueConfig<T> }) {
  const [search, setSearch] = useSearchParams();
  const filter = search.get('status') ?? config.filters[0][0];
  const page = Math.max(1, Number(search.get('page')) || 1);
  const loaded = useLoad(`${filter}:${page}`, () => config.load(filter, page));
  const [changed, setChanged] = useState<Map<number, T>>(new Map());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [detailId, setDetailId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Pending<T>>(null);
  const [busy, setBusy] = useState(false);

  const go = (next: Record<string, string>) => {
    setSelected(new Set());
    setChanged(new Map());
    setDetailId(null);
    setSearch({ status: filter, page: String(page), ...next });
  };
  const items = (loaded.data?.results ?? []).map((item) => changed.get(item.id) ?? item);
  const openIds = items.filter(config.open).map((i) => i.id);
  const chosen = [...selected].filter((id) => openIds.includes(id));

  /** `single`: the toast of one item's action; a batch (even of one) says how many were done and failed. */
  const act = async (ids: number[], run: (id: number) => Promise<T>, single: string | null) => {
    setBusy(true);
    const { done, failed } = await runEach(ids, run);
    setBusy(false);
    setChanged((m) => new Map([...m, ...done.map((d): [number, T] => [d.id, d])]));
    setSelected(new Set());
    setRejecting(null);
    if (done.length) toastSuccess(single ?? TEXTS.batchDone(done.length, failed));
  };
  const [approveAction, rejectAction] = approveReject(config);
  /** Runs an action on `ids`, asking its reason first when it needs one. */
  const start = (ids: number[], action: QueueAction<T>, batch = false) => {
    if (action.reason) setRejecting({ ids, batch, action });
    else void act(ids, (id) => action.run(id, ''), batch ? null : action.done);
  };
  const reject = (p: NonNullable<Pending<T>>, reason: string) => act(p.ids, (id) => p.action.run(id, reason), p.batch ? null : p.action.done);
  const detail = items.find((i) => i.id === detailId) ?? null;

  return (
    <div className="ad-queue" data-testid={config.testId}>
      <div className="ad-filters" role="group" aria-label={TEXTS.filter}>
        {config.filters.map(([value, label]) => (
          <button key={value || 'all'} type="button" className={value === filter ? 'ad-chip ad-chip-on' : 'ad-chip'} aria-pressed={value === filter} onClick={() => go({ status: value, page: '1' })}>
            {label}
          </button>
        ))}
      </div>
      {config.batch && approveAction && rejectAction && openIds.length > 0 && (
        <div className="ad-batch">
          <button type="button" className="ad-btn ad-primary" disabled={busy || chosen.length === 0} onClick={() => start(chosen, approveAction, true)}>
            {TEXTS.approveSelected(chosen.length)}
          </button>
          <button type="button" className="ad-btn ad-danger" disabled={busy || chosen.length === 0} onClick={() => start(chosen, rejectAction, true)}>
            {TEXTS.rejectSelected(chosen.length)}
          </button>
        </div>
      )}
      {rejecting && <ReasonForm count={rejecting.ids.length} busy={busy} confirm={rejecting.action.label} onCancel={() => setRejecting(null)} onSubmit={(reason) => void reject(rejecting, reason)} />}
      {detail && (
        <DetailPanel title={config.title(detail)} onClose={() => setDetailId(null)}>
          {config.detail(detail)}
          {config.open(detail) && <Actions busy={busy} actions={actionsOf(config, detail)} onAction={(a) => start([detail.id], a)} />}
        </DetailPanel>
      )}
      {loaded.error ? (
        <LoadError error={loaded.error} onRetry={loaded.reload} />
      ) : loaded.loading ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="ad-card ad-muted">{TEXTS.empty}</p>
      ) : (
        <QueueTable config={config} items={items} openIds={openIds} selected={selected} setSelected={setSelected} onDetail={setDetailId} busy={busy}
          onAction={(id, a) => start([id], a)} />
      )}
      {loaded.data && <Pager data={loaded.data} page={page} onPage={(p) => go({ page: String(p) })} />}
    </div>
  );
}

function DetailPanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <section className="ad-card ad-detail" aria-label={TEXTS.detail} data-testid="queue-detail">
      <header className="ad-detail-head">
        <h2>{title}</h2>
        <button type="button" className="ad-btn" onClick={onClose}>
          {TEXTS.close}
        </button>
      </header>
      {children}
    </section>
  );
}

function Actions<T>({ busy, actions, onAction }: { busy: boolean; actions: QueueAction<T>[]; onAction: (a: QueueAction<T>) => void }) {
  return (
    <span className="ad-actions">
      {actions.map((a) => (
        <button key={a.label} type="button" className={a.danger ? 'ad-btn ad-danger' : 'ad-btn ad-primary'} disabled={busy} onClick={() => onAction(a)}>
          {a.label}
        </button>
      ))}
    </span>
  );
}

interface TableProps<T extends { id: number }> {
  config: QueueConfig<T>;
  items: T[];
  openIds: number[];
  selected: Set<number>;
  setSelected: (s: Set<number>) => void;
  onDetail: (id: number) => void;
  onAction: (id: number, action: QueueAction<T>) => void;
  busy: boolean;
}

function QueueTable<T extends { id: number }>({ config, items, openIds, selected, setSelected, onDetail, onAction, busy }: TableProps<T>) {
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allOn = openIds.length > 0 && openIds.every((id) => selected.has(id));
  return (
    <div className="ad-table-wrap">
      <table className="ad-table">
        <thead>
          <tr>
            {config.batch && (
              <th>
                <input type="checkbox" aria-label={TEXTS.selectAll} checked={allOn} disabled={openIds.length === 0} onChange={() => setSelected(new Set(allOn ? [] : openIds))} />
              </th>
            )}
            {config.columns.map((c) => (
              <th key={c.label}>{c.label}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid="queue-row">
              {config.batch && (
                <td>
                  {openIds.includes(item.id) && <input type="checkbox" aria-label={TEXTS.select(config.title(item))} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />}
                </td>
              )}
              {config.columns.map((c, i) => (
                <td key={c.label}>
                  {i === 0 ? (
                    <button type="button" className="ad-link" onClick={() => onDetail(item.id)}>
                      {c.render(item)}
                    </button>
                  ) : (
                    c.render(item)
                  )}
                </td>
              ))}
              <td>{config.open(item) && <Actions busy={busy} actions={actionsOf(config, item)} onAction={(a) => onAction(item.id, a)} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
