import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { palette } from '../config';
import { contrastRatio } from './contrast';

/** The colour variables as styles.css defines them (following var() references). */
function cssColours(): Record<string, string> {
  const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
  const raw = Object.fromEntries([...css.matchAll(/--color-([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  const resolve = (value: string): string => {
    const ref = /^var\(--color-([a-z-]+)\)$/.exec(value);
    return ref ? resolve(raw[ref[1]]) : value;
  };
  return Object.fromEntries(Object.keys(raw).map((name) => [name, resolve(raw[name])]));
}

/** Text colour on background, as the app's CSS pairs them (labels, buttons, badges, banners, footer). */
const textPairs: [text: string, background: string][] = [
  ['text', 'bg'], ['text', 'surface'], ['text', 'bone-soft'],
  ['text-muted', 'bg'], ['text-muted', 'surface'], ['text-muted', 'bone-soft'], ['text-muted', 'bone-beige'], ['text-muted', 'sage-soft'],
  ['charcoal', 'surface'], ['charcoal', 'antique-gold'], ['charcoal', 'sage-green'], ['charcoal', 'bone-beige'], ['charcoal', 'sage-soft'],
  ['copper-bronze', 'bg'], ['copper-bronze', 'surface'], ['copper-bronze', 'bone-soft'],
  ['copper-dark', 'surface'], ['copper-dark', 'bone-soft'],
  ['deep-teal', 'bg'], ['deep-teal', 'surface'], ['deep-teal', 'bone-soft'], ['deep-teal', 'sage-soft'],
  ['ivory', 'deep-teal'], ['ivory', 'deep-teal-dark'], ['ivory', 'copper-bronze'], ['ivory', 'copper-dark'], ['ivory', 'danger'], ['ivory', 'muted-olive'],
  ['bone-beige', 'charcoal'], ['ivory', 'charcoal'],
  ['danger', 'surface'], ['danger', 'bone-soft'],
];

describe('colour contrast (WCAG AA)', () => {
  it('computes the WCAG ratio: black on white is 21, a colour on itself is 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#a8683c', '#a8683c')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('every text colour the app uses meets 4.5:1 on its background', () => {
    const colours = cssColours();
    const failing = textPairs
      .map(([text, background]) => ({ pair: `${text} on ${background}`, ratio: contrastRatio(colours[text], colours[background]) }))
      .filter(({ ratio }) => ratio < 4.5)
      .map(({ pair, ratio }) => `${pair}: ${ratio.toFixed(2)}`);
    expect(failing).toEqual([]);
  });

  it('config.ts mirrors the palette of styles.css', () => {
    const colours = cssColours();
    expect(palette).toEqual({
      charcoalGray: colours.charcoal,
      mutedOliveGreen: colours['muted-olive'],
      copperBronze: colours['copper-bronze'],
      boneBeige: colours['bone-beige'],
      sageGreen: colours['sage-green'],
      antiqueGold: colours['antique-gold'],
      deepTeal: colours['deep-teal'],
      ivory: colours.ivory,
    });
  });
});
