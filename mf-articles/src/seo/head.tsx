import { useLocation } from 'react-router-dom';
import { BRAND, PageHead, routePath, siteContext, useSsrStore, type PageHeadInfo } from 'shared-kernel';
import type { BlogDetail, CategoryDetail, DocDetail } from 'contracts';

/**
 * Titles, descriptions and structured data of mf-articles' pages, made from their content (docs/architecture.md
 * "Pages as HTML"): what a search engine shows for a page, and what the browser tab says.
 */
export const SITE_NAME = BRAND;

/** A description as search engines show it: one line of plain text, at most 120 characters. */
export function describe(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** The site's origin, for absolute URLs in structured data. */
export function useOrigin(): string {
  const store = useSsrStore();
  return store?.origin ?? (typeof location === 'undefined' ? '' : location.origin);
}

/** The site title of the host the page is served on (sub-sites have their own, SPEC.md §1). */
function useSiteTitle(): string {
  const store = useSsrStore();
  return siteContext(store?.host ?? (typeof location === 'undefined' ? '' : location.hostname)).title;
}

/**
 * The page's head: `title` before the site title (the site title alone when there is none), the canonical URL
 * (the path, with only the query parameters that name the content).
 */
export function Head({ title, keep = [], ...rest }: Omit<PageHeadInfo, 'title'> & { title?: string; keep?: string[] }) {
  const site = useSiteTitle();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams(keep.flatMap((name) => (query.get(name) ? [[name, query.get(name)!]] : [])));
  const canonical = `${pathname}${kept.size ? `?${kept}` : ''}`;
  return <PageHead title={title ? `${title} - ${site}` : site} canonical={canonical} {...rest} />;
}

/** schema.org for a document: a DigitalDocument with its author, date and rating. */
export function docJsonLd(doc: DocDetail, origin: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'DigitalDocument',
      name: doc.title,
      description: describe(doc.summary || doc.title, 200),
      encodingFormat: doc.file_type,
      numberOfPages: doc.pages,
      dateCreated: doc.create_time,
      author: { '@type': 'Person', name: doc.uploader.nickname || '匿名用户' },
      genre: doc.category.name,
      isAccessibleForFree: doc.is_free,
      ...(doc.comment_count > 0 && { commentCount: doc.comment_count }),
    },
    breadcrumbs(origin, doc.category_path.map((c) => ({ name: c.name, path: routePath('articles.docs.list', { id: c.id }) })), doc.title),
  ];
}

/** schema.org for a blog post. */
export function blogJsonLd(blog: BlogDetail, origin: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: blog.title,
      description: describe(blog.summary || blog.content, 200),
      datePublished: blog.create_time,
      dateModified: blog.update_time,
      author: { '@type': 'Person', name: blog.author.nickname || '匿名用户' },
      articleSection: blog.category.name,
      commentCount: blog.comment_count,
    },
    breadcrumbs(origin, blog.category_path.map((c) => ({ name: c.name, path: routePath('articles.blogs.list', { id: c.id }) })), blog.title),
  ];
}

/** A BreadcrumbList: home, the categories, the page itself. */
function breadcrumbs(origin: string, categories: { name: string; path: string }[], current: string): Record<string, unknown> {
  const items = [{ name: '首页', path: '/' }, ...categories];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      ...items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: `${origin}${item.path}` })),
      { '@type': 'ListItem', position: items.length + 1, name: current },
    ],
  };
}

/** schema.org WebSite with the site's search, so a search engine can offer a search box for the site. */
export function siteSearchJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: `${origin}${routePath('articles.search.result')}?keyword={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The head of a category's list page: the category's name, its description and counts. */
export function CategoryHead({ category, kind, keep }: { category: { data?: CategoryDetail; error: unknown }; kind: string; keep?: string[] }) {
  const c = category.data;
  if (!c) return category.error ? <Head title="分类不存在" noindex /> : null;
  const text = c.description || `${c.name}分类下的${kind}：共 ${c.docs_count} 篇文档、${c.blogs_count} 篇博客`;
  return <Head title={`${c.name}${kind}`} description={describe(text)} keep={keep} />;
}
