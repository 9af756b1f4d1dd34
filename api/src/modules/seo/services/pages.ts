/**
 * The public pages a sitemap links to and robots.txt speaks of: the paths of the front end's route table
 * (shared-kernel/src/routing/route-table.ts, which the API build cannot import; test/seo.test.ts checks that these
 * agree with it).
 */
export const PUBLIC_PAGES = {
  home: () => '/',
  categoryList: () => '/app/articles/cate/list',
  categoryDetail: (id: number) => `/app/articles/cate/detail/${id}`,
  docList: (id: number) => `/app/articles/docs/list/${id}`,
  blogList: (id: number) => `/app/articles/blogs/list/${id}`,
  docDetail: (id: number) => `/app/articles/docs/detail/${id}`,
  blogDetail: (id: number) => `/app/articles/blogs/detail/${id}`,
} as const;

/**
 * robots.txt's rules (docs/seo.md, "robots.txt"): every page is open except the API, the personal areas (every
 * `/app/user/` page but a public favourites folder and "about us"; payments of users and guests), the staff
 * console, the account pages (login, registration, password reset: all under `/app/user/`) and the pages that
 * are one person's (red packets, feedback, complaint form, scanner, the blank page, diagnostics). Allow lines
 * first: crawlers take the longest matching rule, older ones the first.
 */
export const ROBOTS_ALLOW = ['/app/user/collect/folder/', '/app/user/about-items'] as const;
export const ROBOTS_DISALLOW = [
  '/api/',
  '/app/user/',
  '/app/guest/',
  '/app/admin',
  '/app/activity/home_page1',
  '/app/site/feedback',
  '/app/site/report',
  '/app/site/qrcode',
  '/app/blank/',
  '/test',
] as const;
