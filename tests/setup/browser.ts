import '@testing-library/jest-dom/vitest';
import '../../stories/support/fonts.css';
import '../../src/tokens/generated/tokens.css';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
