// `npm run new-component -- Name`: creates the files every component has, under one name:
// src/components/Name/{Name.tsx,Name.css,index.ts}, stories/Name.stories.tsx, tests/Name.test.tsx.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Usage: npm run new-component -- Name   (PascalCase)');
  process.exit(1);
}
const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const dir = `src/components/${name}`;
if (existsSync(dir)) {
  console.error(`${dir} already exists`);
  process.exit(1);
}

const files = {
  [`${dir}/${name}.tsx`]: `import clsx from 'clsx';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import './${name}.css';

export interface ${name}Props extends ComponentPropsWithoutRef<'div'> {
  /**
   * Describe the prop: what it does, for whom.
   * @default 'default'
   */
  variant?: 'default';
  ref?: Ref<HTMLDivElement>;
}

/** One sentence: what ${name} is and when to use it. */
export function ${name}({ variant = 'default', className, ...rest }: ${name}Props) {
  return <div {...rest} className={clsx('fk-${kebab}', className)} data-component="${name}" data-variant={variant} />;
}
`,
  [`${dir}/${name}.css`]: `@layer forgekit {
  .fk-${kebab} {
    color: var(--fk-color-text-default);
  }
}
`,
  [`${dir}/index.ts`]: `export { ${name}, type ${name}Props } from './${name}';
`,
  [`stories/${name}.stories.tsx`]: `import type { Meta, StoryObj } from '@storybook/react-vite';
import { ${name} } from '../src/components/${name}';

const meta = {
  title: 'Components/${name}',
  component: ${name},
  args: { children: '${name}' },
  parameters: { docs: { description: { component: 'When to use it, do and don\\'t, keyboard and screen-reader notes, the spec rules.' } } },
} satisfies Meta<typeof ${name}>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Playground: Story = {};
`,
  [`tests/${name}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ${name} } from '../src/components/${name}';

describe('${name}', () => {
  it('renders its content', () => {
    render(<${name}>Hello</${name}>);
    expect(screen.getByText('Hello')).toHaveAttribute('data-variant', 'default');
  });
});
`,
};

mkdirSync(dir, { recursive: true });
for (const [path, text] of Object.entries(files)) writeFileSync(path, text);
console.log(`Created:\n  ${Object.keys(files).join('\n  ')}
Next: export it from src/index.ts, write its stories and tests, then
  npx vitest run --project stories stories/${name}.stories.tsx -u
to write its baselines, look at them, and update tests/__snapshots__/exports.node.test.ts.snap (vitest -u).`);
