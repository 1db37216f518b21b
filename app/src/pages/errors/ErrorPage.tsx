/** The product's 404 and 500 pages (GitLab's texts), composed from the library. */
import { Button } from 'forgekit';
import { BasicLayout } from '../../layout/layouts.tsx';
import { useUrl } from '../../layout/urls.ts';

/** GitLab's wording for each error page. */
export const ERROR_PAGES = {
  404: {
    title: 'Page not found',
    description: 'Make sure the address is correct and the page has not moved.',
  },
  500: {
    title: 'Something went wrong on our end',
    description: 'Try refreshing the page, or going back and attempting the action again.',
  },
} as const;

/** The page for an error `status` (anything but 404 reads as a server error). */
export function ErrorPage({ status }: { status: number }) {
  const page = status === 404 ? ERROR_PAGES[404] : ERROR_PAGES[500];
  const url = useUrl();
  return (
    <BasicLayout title={page.title}>
      <h1>
        {status === 404 ? '404' : '500'}: {page.title}
      </h1>
      <p>{page.description}</p>
      <Button href={url('/')}>Go to the home page</Button>
    </BasicLayout>
  );
}
