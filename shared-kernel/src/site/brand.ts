/** The site's brand, shown in the navbar and in every page title. */
export const BRAND = '知库文档';
