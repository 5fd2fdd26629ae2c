/**
 * The colour of a change for the stylesheets: `--up` and `--down`, set on <html> by the root layout from the
 * contracts' CHANGE_COLORS, so the cards, tables, charts and decks take one definition (decision 269).
 */
import type { CSSProperties } from 'react';
import { CHANGE_COLORS } from '@car/contracts';

export const CHANGE_COLOR_PROPERTIES = { '--up': CHANGE_COLORS.up, '--down': CHANGE_COLORS.down } as CSSProperties;
