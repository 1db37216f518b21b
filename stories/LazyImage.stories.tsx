import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { LazyImage } from '../src/components/LazyImage';

/** A generated picture (no network): a pipeline graph of `width`×`height` in the given colours. */
function picture(width: number, height: number, background: string, accent: string) {
  const r = Math.round(height / 10);
  const y = Math.round(height / 2);
  const nodes = [0.2, 0.5, 0.8]
    .map((x) => `<circle cx="${Math.round(width * x)}" cy="${y}" r="${r}" fill="${accent}"/>`)
    .join('');
  return `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<rect width="${width}" height="${height}" fill="${background}"/>` +
      `<path d="M${Math.round(width * 0.2)} ${y}H${Math.round(width * 0.8)}" stroke="${accent}" stroke-width="${Math.max(2, r / 3)}"/>` +
      nodes +
      '</svg>',
  )}`;
}

const PIPELINE = picture(640, 360, '#e9f3fc', '#1068bf');
/** The same picture at 16×9: the low-resolution placeholder, stretched to the box. */
const PIPELINE_TINY = picture(16, 9, '#cbe2f9', '#63a6e9');

/** Keeps an image waiting: it only loads when 10,000 px inside the viewport, which never happens. */
const NEVER = -10_000;

const meta = {
  title: 'Components/LazyImage',
  component: LazyImage,
  args: { src: PIPELINE, alt: 'Pipeline graph with three stages', width: 320, height: 180 },
  argTypes: { rootMargin: { control: 'number' } },
  parameters: {
    docs: {
      description: {
        component:
          'An image that loads when it comes within **500 px of the viewport** ("Lazy images load ' +
          '500px before the viewport, throttled at 300 ms"; `LAZY_IMAGE`). One shared IntersectionObserver with a ' +
          '500 px root margin watches every lazy image on the page; where IntersectionObserver is missing, one ' +
          'scroll/resize listener throttled at 300 ms measures the waiting images.\n\n' +
          '**No layout shift:** give `width` and `height` (or `aspectRatio` for an image sized by CSS, which then ' +
          "fills its container's width): the box is reserved before the image arrives, and `object-fit: cover` " +
          'keeps it if the real image has another shape. Until then the box is a neutral colour ' +
          '(`--fk-lazy-image-placeholder-color`), or shows `placeholderSrc`, a low-resolution version.\n\n' +
          '**Server rendering:** the server sends the placeholder with the real URL in `data-src` (as the ' +
          "product's server-rendered Markdown does); loading starts after hydration. There is deliberately no " +
          '`<noscript>` copy: React does not hydrate `<noscript>` content, and a second image would double the ' +
          'markup; without JavaScript the reserved box keeps the placeholder and the `alt` text. Use a plain ' +
          '`<img loading="lazy">` where images must show without JavaScript.\n\n' +
          '**Accessibility:** `alt` is required (`""` for a decorative image) and is there from the first render. ' +
          "**Don't** lazy-load images in the first screen of the page (logos, avatars in the header): they should " +
          'load at once.',
      },
    },
  },
} satisfies Meta<typeof LazyImage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the image to load, so the screenshot shows it. */
const loaded: Story['play'] = async ({ canvas }) => {
  const img = await canvas.findByRole('img', { name: 'Pipeline graph with three stages' });
  await waitFor(() => expect(img).toHaveAttribute('data-state', 'loaded'));
};

/** Near the viewport, so it loads at once. */
export const Default: Story = { play: loaded };

export const Playground: Story = { play: loaded };

/** Before loading: the neutral box, in the image's size. */
export const Placeholder: Story = {
  args: { rootMargin: NEVER },
  play: async ({ canvas }) => {
    const img = await canvas.findByRole('img', { name: 'Pipeline graph with three stages' });
    await expect(img).toHaveAttribute('data-state', 'placeholder');
    await expect(img.getBoundingClientRect()).toMatchObject({ width: 320, height: 180 });
  },
};

/** Before loading, with a low-resolution placeholder image. */
export const LowResolutionPlaceholder: Story = {
  args: { rootMargin: NEVER, placeholderSrc: PIPELINE_TINY },
  play: async ({ canvas }) => {
    const img = await canvas.findByRole<HTMLImageElement>('img', { name: 'Pipeline graph with three stages' });
    await expect(img).toHaveAttribute('data-placeholder', 'image');
    await waitFor(() => expect(img.complete && img.naturalWidth).toBe(16));
  },
};

/** Sized by `aspectRatio` only: it fills its container (here 480 px) at 16:9. */
export const AspectRatio: Story = {
  args: { width: undefined, height: undefined, aspectRatio: '16 / 9' },
  render: (args) => (
    <div style={{ width: 480 }}>
      <LazyImage {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const img = await canvas.findByRole('img', { name: 'Pipeline graph with three stages' });
    await waitFor(() => expect(img).toHaveAttribute('data-state', 'loaded'));
    await expect(img.getBoundingClientRect()).toMatchObject({ width: 480, height: 270 });
  },
};

/** In a 240 px container the image scales down, keeping its ratio. */
export const Narrow: Story = {
  args: { width: 640, height: 360 },
  render: (args) => (
    <div style={{ width: 240 }}>
      <LazyImage {...args} />
    </div>
  ),
  play: async (context) => {
    await loaded(context);
    const img = context.canvas.getByRole('img', { name: 'Pipeline graph with three stages' });
    await expect(img.getBoundingClientRect()).toMatchObject({ width: 240, height: 135 });
  },
};

const COLORS = [
  ['#ecf4ee', '#108548'],
  ['#fdf1dd', '#ab6100'],
  ['#f4f0ff', '#694cc0'],
  ['#fcf1ef', '#c91c00'],
] as const;

/** A gallery: each image is reserved in place while it waits. */
export const Gallery: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--fk-space-3)' }}>
      {COLORS.map(([background, accent], index) => (
        <LazyImage
          key={background}
          {...args}
          src={picture(320, 180, background, accent)}
          alt={`Pipeline ${index + 1}`}
          width={160}
          height={90}
          rootMargin={index % 2 ? NEVER : undefined}
        />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Pipeline 1' })).toHaveAttribute('data-state', 'loaded'),
    );
    await waitFor(() =>
      expect(canvas.getByRole('img', { name: 'Pipeline 3' })).toHaveAttribute('data-state', 'loaded'),
    );
    await expect(canvas.getByRole('img', { name: 'Pipeline 2' })).toHaveAttribute('data-state', 'placeholder');
  },
};
