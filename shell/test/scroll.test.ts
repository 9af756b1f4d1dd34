import { scrollOnNavigation } from '../src/routing/scroll';

// A new page starts at its top; back and forward, anchors and query changes keep the place.
describe('scrollOnNavigation', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    window.history.replaceState(null, '', '/app/articles/docs/list/1');
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  const go = (url: string, singleSpa: boolean) => {
    window.history.pushState(null, '', url);
    const event = new PopStateEvent('popstate');
    if (singleSpa) Object.assign(event, { singleSpa: true });
    window.dispatchEvent(event);
  };

  test('a link to another page scrolls to the top', () => {
    const scroll = scrollOnNavigation();
    go('/app/articles/docs/detail/7', true);
    scroll.navigated(window.location.pathname);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scroll.stop();
  });

  test('back and forward, a query change and an anchor keep the place', () => {
    const scroll = scrollOnNavigation();
    go('/app/articles/docs/detail/7', false); // the browser's back or forward: no singleSpa mark
    scroll.navigated(window.location.pathname);
    go('/app/articles/docs/detail/7?page=2', true);
    scroll.navigated(window.location.pathname);
    go('/app/articles/docs/detail/8#comments', true);
    scroll.navigated(window.location.pathname);
    expect(scrollTo).not.toHaveBeenCalled();
    scroll.stop();
  });
});
