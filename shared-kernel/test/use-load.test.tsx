import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLoad } from '../src';

/** A scripted source: each call waits until the test answers it. */
function source() {
  const calls: { key: string; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  return { calls, load: (key: string) => () => new Promise<string>((resolve, reject) => calls.push({ key, resolve, reject })) };
}

function Probe({ loadKey, load }: { loadKey: string | null; load: (key: string) => () => Promise<string> }) {
  const r = useLoad(loadKey, load(loadKey ?? ''));
  return (
    <div>
      <p data-testid="state">{r.loading ? 'loading' : r.error ? `error:${String(r.error)}` : `data:${r.data ?? ''}`}</p>
      <button onClick={r.reload}>reload</button>
    </div>
  );
}

test('loads once per key (not per render), drops an answer for an older key, reloads on demand, shows errors', async () => {
  const s = source();
  const view = render(<Probe loadKey="a" load={s.load} />);
  expect(screen.getByTestId('state').textContent).toBe('loading');
  view.rerender(<Probe loadKey="a" load={s.load} />);
  expect(s.calls.map((c) => c.key)).toEqual(['a']);
  view.rerender(<Probe loadKey="b" load={s.load} />);
  await act(async () => s.calls[0].resolve('old'));
  expect(screen.getByTestId('state').textContent).toBe('loading');
  await act(async () => s.calls[1].resolve('B'));
  expect(screen.getByTestId('state').textContent).toBe('data:B');
  fireEvent.click(screen.getByText('reload'));
  await waitFor(() => expect(s.calls).toHaveLength(3));
  await act(async () => s.calls[2].reject('boom'));
  expect(screen.getByTestId('state').textContent).toBe('error:boom');
  view.rerender(<Probe loadKey={null} load={s.load} />);
  expect(screen.getByTestId('state').textContent).toBe('data:');
  expect(s.calls).toHaveLength(3);
});
