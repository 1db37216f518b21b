import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref, SubmitEvent } from 'react';
import { assignLocation } from '../../utils/navigation';
import './FilterForm.css';

/**
 * Query parameters a filter submit removes by default: a new filter starts again at the first
 * page, so a page number or a keyset cursor from the previous filter must not survive.
 */
export const FILTER_FORM_RESET_PARAMS: readonly string[] = ['page', 'cursor'];

/** What happens to query parameters that are not fields of the form. */
export type FilterFormOtherParams = 'keep' | 'drop';

export interface BuildFilterUrlOptions {
  /**
   * Names of every field in the form, filled or not: in `keep` mode their old values are removed
   * first, so an emptied field or an unticked checkbox drops its parameter.
   * @default []
   */
  fieldNames?: Iterable<string>;
  /**
   * `keep`: parameters of `base` that are not fields of the form stay (sort order, scope, tabs).
   * `drop`: the query is only the form's fields.
   * @default 'keep'
   */
  otherParams?: FilterFormOtherParams;
  /** Parameters removed in either mode (unless the form sets them). @default FILTER_FORM_RESET_PARAMS */
  resetParams?: readonly string[];
}

/**
 * The URL a filter submit goes to: `base` with its query rewritten from the form's `entries`.
 * Empty (or blank) values are dropped; repeated names stay repeated (`label[]=a&label[]=b`), in
 * form order; the hash is dropped. Other parameters of `base` are kept or dropped (`otherParams`).
 */
export function buildFilterUrl(
  base: string | URL,
  entries: Iterable<readonly [string, string]>,
  { fieldNames = [], otherParams = 'keep', resetParams = FILTER_FORM_RESET_PARAMS }: BuildFilterUrlOptions = {},
): URL {
  const url = new URL(base);
  url.hash = '';
  const params = otherParams === 'keep' ? new URLSearchParams(url.search) : new URLSearchParams();
  for (const name of new Set([...fieldNames, ...resetParams])) params.delete(name);
  for (const [name, value] of entries) {
    if (name && value.trim() !== '') params.append(name, value);
  }
  url.search = params.toString();
  return url;
}

/** The string to navigate to: path and query for the page's own origin, the full URL otherwise. */
function toNavigable(url: URL): string {
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/** The names of the form's controls (submit buttons included: a button's value only counts when it submitted). */
function controlNames(form: HTMLFormElement): string[] {
  return [...form.elements].flatMap((element) => {
    const name = (element as Partial<HTMLInputElement>).name;
    return typeof name === 'string' && name ? [name] : [];
  });
}

export interface FilterFormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'method' | 'action'> {
  /**
   * The page the filter applies to. Its query is the starting point in `keep` mode. Without
   * JavaScript the browser submits the form there as a plain GET.
   * @default the current URL
   */
  action?: string;
  /**
   * Goes to the built URL (path and query for the same origin, else the full URL). Pass your
   * router's navigation to filter without a full page load.
   * @default (url) => window.location.assign(url)
   */
  navigate?: (url: string) => void;
  /**
   * What happens to query parameters that are not fields of the form: `keep` them (sort, scope) or
   * `drop` them. Fields of the form always replace their old values.
   * @default 'keep'
   */
  otherParams?: FilterFormOtherParams;
  /**
   * Parameters removed on every submit, unless a field sets them.
   * @default FILTER_FORM_RESET_PARAMS (['page', 'cursor'])
   */
  resetParams?: readonly string[];
  ref?: Ref<HTMLFormElement>;
}

/**
 * A filter form (spec section 2: "A filter form submit rewrites the URL query from the form
 * fields"). On submit it builds the URL with `buildFilterUrl` and hands it to `navigate`; it is a
 * plain GET form before hydration and without JavaScript.
 */
export function FilterForm({
  action,
  navigate = assignLocation,
  otherParams = 'keep',
  resetParams = FILTER_FORM_RESET_PARAMS,
  className,
  onSubmit,
  ref,
  ...rest
}: FilterFormProps) {
  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The button that submitted (its name and value count), when it belongs to this form.
    const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
    const data = new FormData(form, submitter?.form === form ? submitter : null);
    const entries = [...data].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as const] : []));
    const base = new URL(action ?? window.location.href, window.location.href);
    const url = buildFilterUrl(base, entries, { fieldNames: controlNames(form), otherParams, resetParams });
    onSubmit?.(event);
    navigate(toNavigable(url));
  };

  return (
    <form
      {...rest}
      ref={ref}
      method="get"
      action={action}
      className={clsx('fk-filter-form', className)}
      data-component="FilterForm"
      onSubmit={handleSubmit}
    />
  );
}
