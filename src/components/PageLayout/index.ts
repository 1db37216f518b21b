export {
  PageLayout,
  PAGE_LAYOUT_BODY_CLASS,
  PAGE_LAYOUT_CONTENT_ID,
  PAGE_LAYOUT_LABELS,
  PAGE_LAYOUT_STICKY_HEADER_OFFSET,
  type PageLayoutProps,
} from './PageLayout';
