// The style guide's own branding in the manager (sidebar title, accent colours) instead of
// Storybook's, with the design system's token colours.
import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';
import { color, font } from '../src/tokens/generated/tokens';

addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'Forgekit',
    brandTarget: '_self',
    colorPrimary: color.action.primary.background,
    colorSecondary: color.text.link,
    fontBase: font.family.sans.join(', '),
    fontCode: font.family.mono.join(', '),
    textColor: color.text.default,
    appBg: color.background.subtle,
    appContentBg: color.background.default,
    appBorderColor: color.border.default,
  }),
});
