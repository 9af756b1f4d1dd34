import { act, render, screen } from '@testing-library/react';
import { clearUser, emit, setUser } from 'shared-kernel';
import { Navbar } from '../src/frame/Navbar';

/** A stand-in for the browser's EventSource: the test pushes what the API's stream would send. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  push(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>));
  }
  close() {
    this.closed = true;
  }
}

beforeAll(() => {
  (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
});
afterAll(() => {
  delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
});
beforeEach(() => {
  FakeEventSource.all = [];
  clearUser();
});

describe('the notification bell', () => {
  it('is not there for a visitor, and opens no stream', () => {
    render(<Navbar />);
    expect(screen.queryByTestId('navbar-bell')).toBeNull();
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('shows the unread count from the stream, live, and links to my messages', () => {
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1 });
    render(<Navbar />);
    const bell = screen.getByTestId('navbar-bell');
    expect(bell.getAttribute('href')).toBe('/app/user/notifications/list');
    expect(FakeEventSource.all).toHaveLength(1);
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe('/api/notifications/stream/');
    expect(screen.queryByTestId('navbar-bell-count')).toBeNull();

    source.push({ type: 'count', unread: 3 });
    expect(screen.getByTestId('navbar-bell-count').textContent).toBe('3');
    expect(bell.getAttribute('aria-label')).toBe('消息，3 条未读');
    source.push({ type: 'notification', notification: { id: 9 }, unread: 120 });
    expect(screen.getByTestId('navbar-bell-count').textContent).toBe('99+');
    source.push({ type: 'count', unread: 0 });
    expect(screen.queryByTestId('navbar-bell-count')).toBeNull();
  });

  it('takes a page’s change at once through the kernel event, and closes its stream on logout', () => {
    setUser({ uid: 5, nickname: '林晓雨', is_active: 1 });
    render(<Navbar />);
    const source = FakeEventSource.all[0]!;
    source.push({ type: 'count', unread: 2 });
    act(() => emit('notifications:unread-changed', { unread: 1 }));
    expect(screen.getByTestId('navbar-bell-count').textContent).toBe('1');
    act(() => clearUser());
    expect(source.closed).toBe(true);
    expect(screen.queryByTestId('navbar-bell')).toBeNull();
  });
});
