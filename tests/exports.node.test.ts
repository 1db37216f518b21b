// The sorted export list of every entry point, snapshotted: a public API change is a conscious
// decision (update the snapshot with `vitest -u` and say why in CHANGELOG.md).
import { expect, it } from 'vitest';
import * as forgekit from '../src/index';
import * as emoji from '../src/emoji';
import * as markdown from '../src/markdown/index';
import * as tokens from '../src/tokens/index';
import * as client from '../src/client/index';

const entries = {
  forgekit,
  'forgekit/tokens': tokens,
  'forgekit/emoji': emoji,
  'forgekit/markdown': markdown,
  'forgekit/client': client,
};

for (const [name, module] of Object.entries(entries)) {
  it(`${name} exports exactly the reviewed names`, () => {
    expect(Object.keys(module).sort()).toMatchSnapshot();
  });
}
