import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { EmojiPicker } from '../../src/components/EmojiPicker';
import * as store from '../../src/emoji/store';
import type { InitEmojiMapOptions } from '../../src/emoji/store';

export { store };
export function mount(host: HTMLElement, initOptions: InitEmojiMapOptions) {
  const root = createRoot(host);
  flushSync(() => root.render(<EmojiPicker onSelect={() => {}} initOptions={initOptions} />));
  return root;
}
export function unmount(root: ReturnType<typeof createRoot>) {
  flushSync(() => root.unmount());
}
