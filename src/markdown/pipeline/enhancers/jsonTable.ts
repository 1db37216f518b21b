// JSON tables (spec section 3: "JSON table block: fields, items, filter, caption"; section 8:
// warning alert 'Unable to parse JSON'). The renderer writes ```json:table blocks as
// `div.js-json-table[data-json] > pre > code`; this step turns the JSON into a table.
import { createElement } from 'react';
import { MARKDOWN_HOOKS } from '../../render/constants';
import type { MarkdownEnhancer } from '../types';
import { JsonTableError, JsonTableView, type JsonTableData, type JsonTableField } from './jsonTableView';
import { mountIsland } from '../reactIsland';
import './jsonTable.css';

/** Spec section 8: the warning shown (above the source) when a JSON table block cannot be read. */
export const JSON_TABLE_PARSE_ERROR = 'Unable to parse JSON';

export type { JsonTableOptions } from '../options';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toField(field: unknown): JsonTableField {
  if (typeof field === 'string') return { key: field, label: field, sortable: false };
  if (isObject(field) && typeof field.key === 'string') {
    return {
      key: field.key,
      label: typeof field.label === 'string' ? field.label : field.key,
      sortable: field.sortable === true,
    };
  }
  throw new TypeError('A JSON table field is a string or an object with a string "key"');
}

/** Every key of the items, in order of first appearance: the columns when `fields` is not given. */
function keysOf(items: JsonObject[]): JsonTableField[] {
  const keys = new Set<string>();
  for (const item of items) for (const key of Object.keys(item)) keys.add(key);
  return [...keys].map((key) => ({ key, label: key, sortable: false }));
}

/**
 * A JSON table block's source, validated: `{ fields?, items?, filter?, caption? }` where `items`
 * is an array of objects and `fields` an array of keys or `{ key, label?, sortable? }` objects
 * (absent or empty: every key of the items). Throws on invalid JSON or another shape.
 */
export function parseJsonTable(source: string): JsonTableData {
  const json: unknown = JSON.parse(source);
  if (!isObject(json)) throw new TypeError('A JSON table is an object');
  const { fields = [], items = [], filter, caption } = json;
  if (!Array.isArray(items) || !items.every(isObject)) throw new TypeError('JSON table "items" is an array of objects');
  if (!Array.isArray(fields)) throw new TypeError('JSON table "fields" is an array');
  const data: JsonTableData = {
    fields: fields.length > 0 ? fields.map(toField) : keysOf(items),
    items,
    filter: filter === true,
  };
  if (typeof caption === 'string' && caption !== '') data.caption = caption;
  return data;
}

/** The table, or undefined when the source is not one (shown as 'Unable to parse JSON'). */
function tryParseJsonTable(source: string): JsonTableData | undefined {
  try {
    return parseJsonTable(source);
  } catch {
    return undefined;
  }
}

/**
 * Renders each JSON table block (`div.js-json-table`, source in `data-json`, else its code) as
 * a table: caption, a filter box when `filter: true`, sortable columns, cells as text (never
 * HTML). The source `<pre>` is hidden once the table shows. A block that is not valid JSON (or
 * not a table's shape) keeps its source visible under the warning alert 'Unable to parse JSON'.
 * `done` waits until every table or warning is in the document.
 */
export const jsonTableEnhancer: MarkdownEnhancer = {
  name: 'jsonTableEnhancer',
  selector: `div.${MARKDOWN_HOOKS.jsonTable}`,
  async enhance(elements, context) {
    const mounted: Promise<void>[] = [];
    for (const block of elements) {
      const pre = block.querySelector('pre');
      const source = block.getAttribute('data-json') ?? pre?.textContent ?? '';
      const table = tryParseJsonTable(source);
      mounted.push(
        new Promise<void>((resolve) => {
          const onReady = () => {
            if (!context.signal.aborted && table && pre) pre.hidden = true;
            resolve();
          };
          mountIsland(
            context,
            (host) => block.prepend(host),
            table
              ? createElement(JsonTableView, { data: table, onReady })
              : createElement(JsonTableError, { message: JSON_TABLE_PARSE_ERROR, onReady }),
          );
          context.onDispose(() => {
            if (pre) pre.hidden = false;
            resolve();
          });
        }),
      );
    }
    await Promise.all(mounted);
  },
};
